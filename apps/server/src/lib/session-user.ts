/**
 * Who a request's session belongs to: what the session check (modules/auth) answers and the auth
 * plugin hands every route. Here, below both, so the plugin needs no module.
 */
export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  /** The account signs in with a second factor (administrators must, to use the admin API). */
  twoFactor: boolean;
  sessionId: string;
}
