export { authRoutes } from './auth.routes';
export { resolveSession } from './session';
export { sessionCookieName, type SessionInfo } from '../../http/session-cookie';
export { sessionsRepository, SESSION_TTL_SECONDS } from './sessions.repository';
export { buildSignInInput, signInMessageText, SIGN_IN_STATEMENT } from './siws';
