// The client configuration's front door: what the web app needs before sign-in.
export { clientConfigRoutes } from './client-config.routes.js';
