/** What a route tells the shell about itself: its name (body class) and its layout. */
import { createContext, useContext } from 'react';
import type { LayoutName } from './layouts/layout-name';

export interface RouteHandle {
  name: string;
  layout: LayoutName;
  /** false: no calculator bar under the header (default layout; home never has one). */
  calculatorBar?: boolean;
}

export const RouteHandleContext = createContext<RouteHandle>({ name: 'index', layout: 'default' });

export function useRouteHandle(): RouteHandle {
  return useContext(RouteHandleContext);
}
