import { describe, expect, it } from 'vitest';
import { profileFreeReads, scopeToProfile, takesProfile } from '../../main/server/profile-scope.js';
import { operationNames, operations } from '../../shared/contract.js';

describe('what a token bound to one profile may call', () => {
  it('passes every call of an unbound token unchanged', () => {
    for (const name of operationNames) expect(scopeToProfile(name, { any: 'input' }, undefined)).toEqual({ ok: true, input: { any: 'input' } });
  });

  it('fills in its own profile when the input names none, and leaves a named one for the dispatcher to check', () => {
    expect(scopeToProfile('foods.get', { code: 'A001' }, 'alice')).toEqual({ ok: true, input: { code: 'A001', profile: 'alice' } });
    expect(scopeToProfile('foods.get', { code: 'A001', profile: 'bob' }, 'alice')).toEqual({ ok: true, input: { code: 'A001', profile: 'bob' } });
  });

  it('does not turn a malformed input into a valid one', () => {
    expect(scopeToProfile('foods.get', ['A001'], 'alice')).toEqual({ ok: true, input: ['A001'] });
    expect(scopeToProfile('foods.get', null, 'alice')).toEqual({ ok: true, input: null });
  });

  it('refuses every operation without a profile except the reads that hold nobody’s data', () => {
    for (const name of operationNames) {
      const decision = scopeToProfile(name, {}, 'alice');
      const allowed = takesProfile(name) || profileFreeReads.has(name);
      expect(decision.ok, name).toBe(allowed);
    }
    for (const name of profileFreeReads) expect(operations[name].access).toBe('read');
  });
});
