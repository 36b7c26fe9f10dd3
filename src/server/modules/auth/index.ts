export { authRoutes } from './auth.routes';
export { resolveSession, sessionCookieName, type SessionInfo } from './session';
export { sessionsRepository, SESSION_TTL_SECONDS } from './sessions.repository';
export { buildSignInInput, signInMessageText, SIGN_IN_STATEMENT } from './siws';
