import { createBrowserRouter } from 'react-router';
import { AppErrorScreen } from './app-error-screen';
import { ScreenGroupSwitch } from './screen-group-switch';

/** One splat route: the screen-group switch owns everything below it (each group has its own <Routes>). */
export function createRouter() {
  return createBrowserRouter([{ path: '*', element: <ScreenGroupSwitch />, errorElement: <AppErrorScreen /> }]);
}
