/** What a Save answers: saved, or why not (a sentence for the user). */
export type SaveResult = { ok: true } | { ok: false; message: string };
