/**
 * Endpoint paths of the organisation directory (spec 7.5) and of roles and grants (spec 6).
 * Fastify's `:param` syntax (`fillPath` in api-path.ts fills them); used by the server's routes and
 * the client's calls. Beside the domain's schemas but in a file of their own: the client's stores
 * load with the shell and need the paths, not the schemas (nor zod).
 */

export const orgPaths = {
  /** GET: the companies; POST: a new company. */
  organizes: '/Permission/Organize',
  /** Enabled companies as a tree (pickers). */
  organizeSelector: '/Permission/Organize/Selector',
  /** Enabled companies and departments as a tree (pickers). */
  organizeTree: '/Permission/Organize/Tree',
  /** A company: GET, PUT, DELETE. */
  organize: '/Permission/Organize/:id',
  /** The departments under company (or department) `:id`. */
  departmentsOf: '/Permission/Organize/:id/Department',
  /** POST: a new department. */
  departments: '/Permission/Organize/Department',
  departmentSelector: '/Permission/Organize/Department/Selector',
  /** A department: GET, PUT, DELETE. */
  department: '/Permission/Organize/Department/:id',
  /** GET: a page of positions; POST: a new position. */
  positions: '/Permission/Position',
  /** Companies and departments with their positions as leaves (pickers). */
  positionSelector: '/Permission/Position/Selector',
  positionAll: '/Permission/Position/All',
  position: '/Permission/Position/:id',
  /** GET: a page of users (data scope, granted columns); POST: a new user. */
  users: '/Permission/Users',
  /** Enabled users, flat (UserBrief). */
  userAll: '/Permission/Users/All',
  /** Companies, departments and their enabled users as a tree (pickers). */
  userSelector: '/Permission/Users/Selector',
  user: '/Permission/Users/:id',
  userResetPassword: '/Permission/Users/:id/Actions/ResetPassword',
  userState: '/Permission/Users/:id/Actions/State',
} as const;

/** Roles and their grants: the permission module's calls. */
export const permissionPaths = {
  /** GET: a page of roles; POST: a new role. */
  roles: '/Permission/Role',
  /** Enabled roles (the user form's picker). */
  roleSelector: '/Permission/Role/Selector',
  role: '/Permission/Role/:id',
  roleState: '/Permission/Role/:id/Actions/State',
  /** GET: every grantable item and the role's grants; PUT: replaces the grants. */
  authorityData: '/Permission/Authority/Data/:roleId',
} as const;
