/**
 * The former home of the current-user hooks, kept so the courses pages build until they import
 * `./account/get-current-user` themselves; delete it then.
 */
export { useCurrentUser, useReadCurrentUser } from './account/get-current-user';
