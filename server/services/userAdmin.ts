// User administration lives in server/modules/users/userAdmin.ts. Gluon's services still import
// likePattern from here; point them at ./listQuery and delete this file (issue 21 merge).
export { likePattern } from './listQuery';
