/** Reads take turns on the main thread (read-turns.ts): one per turn of the event loop, in the order they came. */
import { describe, expect, it } from 'vitest';
import { createReadTurns } from '../../../main/core/read-turns.js';

/** A schedule the test turns by hand: each call of turn() is one turn of the event loop. */
function manualSchedule() {
  const due: (() => void)[] = [];
  return {
    schedule: (next: () => void) => void due.push(next),
    turn: () => due.splice(0).forEach((next) => next()),
    get waiting() {
      return due.length;
    },
  };
}

describe('read turns', () => {
  it('runs nothing in the turn a read is queued in', () => {
    const clock = manualSchedule();
    const turns = createReadTurns(clock.schedule);
    const ran: string[] = [];
    turns.defer(() => ran.push('a'));
    expect(ran).toEqual([]);
    clock.turn();
    expect(ran).toEqual(['a']);
  });

  it('runs one read per turn, in the order they were queued', () => {
    const clock = manualSchedule();
    const turns = createReadTurns(clock.schedule);
    const ran: string[] = [];
    for (const name of ['a', 'b', 'c']) turns.defer(() => ran.push(name));
    clock.turn();
    expect(ran).toEqual(['a']);
    clock.turn();
    expect(ran).toEqual(['a', 'b']);
    clock.turn();
    expect(ran).toEqual(['a', 'b', 'c']);
    expect(clock.waiting).toBe(0);
  });

  it('keeps going after a read that throws', () => {
    const clock = manualSchedule();
    const turns = createReadTurns(clock.schedule);
    const ran: string[] = [];
    turns.defer(() => {
      throw new Error('a broken read');
    });
    turns.defer(() => ran.push('next'));
    expect(() => clock.turn()).toThrow('a broken read');
    clock.turn();
    expect(ran).toEqual(['next']);
  });
});
