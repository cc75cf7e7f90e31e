/** Roles of the local API; the desktop window and the CLI act as `editor`. */
export type Role = 'viewer' | 'editor';

/** Who is calling, through which transport. */
export interface CallContext {
  transport: 'ipc' | 'http' | 'cli';
  role: Role;
  /** A token bound to one profile may only act on that profile. */
  profile?: string;
  signal?: AbortSignal;
}
