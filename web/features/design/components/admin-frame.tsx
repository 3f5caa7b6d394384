import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useUser } from '../../auth/api/get-user';
import { useLogout } from '../../auth/api/logout';
import { DesignHeader } from './design-header';

/** An administrator's page: the design area's header, with Log out, over the page itself. */
export function AdminFrame({ children }: { children: ReactNode }) {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <DesignHeader
        username={user?.username ?? ''}
        loggingOut={logout.isPending}
        // A sign-out that did not reach the server leaves the admin here, told so.
        onLogout={() => logout.mutate(undefined, { onSuccess: () => navigate('/admin') })}
      />
      <Box component="main">{children}</Box>
    </Box>
  );
}
