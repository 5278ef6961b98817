/** What the tables API refuses with: an HTTP status and one line for the asker (routes.ts sends it as { error }). */
export class TableError extends Error {
  override readonly name = 'TableError';
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 422 | 507,
    message: string,
  ) {
    super(message);
  }
}
