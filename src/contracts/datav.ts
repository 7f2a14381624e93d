/**
 * The external data-visualisation view (menu type 6, spec 2.2): a static page (public/datav/)
 * opened with the module id and the token, which reads its figures from the server.
 */

export const datavPaths = {
  /** The figures of the board of menu entry `{id}` (a type-6 module the caller is granted). */
  view: '/api/datav/view/:id',
} as const;
