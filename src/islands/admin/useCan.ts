/** The staff screens' view of the permission table: re-renders when the session (and so the role) changes. */
import { useStore } from '@nanostores/react';
import { $adminAuth } from '../../stores/admin';
import { can } from '../../lib/admin/roles';

/** `(method, path) => boolean` for the signed-in person (the owner key and a header count as admin). */
export function useCan(): (method: string, path: string) => boolean {
  const auth = useStore($adminAuth);
  const role = auth.status === 'signed-in' ? (auth.session.role ?? 'admin') : null;
  return (method, path) => can(role, method, path);
}
