/**
 * A PostgreSQL URL as cita prints it (status lines, `cita serve`'s start-up line, errors): no secret it holds, in its
 * user part or in its query string (`?password=`, libpq's `sslpassword=`), whatever the parameter's case.
 */
import { describe, expect, it } from 'vitest';
import { redactedUrl } from '../../../../main/db/postgres/postgres-database.js';

describe('redactedUrl', () => {
  it('masks the password of the user part', () => {
    expect(redactedUrl('postgres://cita:secret@db.example:5432/cita')).toBe('postgres://cita:***@db.example:5432/cita');
  });

  it('masks a password and an sslpassword given as query parameters, and keeps the other parameters', () => {
    const printed = redactedUrl('postgres://cita@db.example/cita?sslmode=verify-full&password=secret&sslpassword=keypass&PASSWORD=other');
    expect(printed).toBe('postgres://cita@db.example/cita?sslmode=verify-full&password=***&sslpassword=***&PASSWORD=***');
    expect(printed).not.toMatch(/secret|keypass|other/);
  });

  it('leaves a URL without secrets as it is', () => {
    expect(redactedUrl('postgresql://cita@127.0.0.1:5432/cita?sslmode=disable')).toBe('postgresql://cita@127.0.0.1:5432/cita?sslmode=disable');
  });
});
