import { Navigate, Outlet } from 'react-router';
import { Loading } from '../../../components/states';
import { useUser } from '../../../features/auth/api/get-user';

export default function AdminOnly() {
  const { data: user, isPending } = useUser();
  if (isPending) return <Loading />;
  if (!user?.isAdmin) return <Navigate to="/admin" replace />;
  return <Outlet />;
}
