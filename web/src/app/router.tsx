import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppErrorScreen } from './app-error-screen';
import { ScreenGroupSwitch } from './screen-group-switch';

/** One splat route: the screen-group switch owns everything below it (each group has its own <Routes>). */
export function appRoutes(): RouteObject[] {
  return [{ path: '*', element: <ScreenGroupSwitch />, errorElement: <AppErrorScreen /> }];
}

/**
 * The app's router. Router tracing attaches to it once its chunk has loaded
 * (`startTracing` in lib/sentry-tracing.tsx, D75), so it is created plain here.
 */
export function createRouter(routes: RouteObject[] = appRoutes()) {
  return createBrowserRouter(routes);
}
