import Box from '@mui/material/Box';
import { useNavigate } from 'react-router';
import { useUser } from '../../../features/auth/api/get-user';
import { useLogout } from '../../../features/auth/api/logout';
import { DesignHeader } from '../../../features/design/components/design-header';
import { OutfitList } from '../../../features/design/components/outfit-list';

/** /admin/design/outfits: every outfit with how shoppers answer it and its stock problems. */
export default function DesignOutfitsRoute() {
  const { data: user } = useUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <DesignHeader
        username={user?.username ?? ''}
        loggingOut={logout.isPending}
        onLogout={() => logout.mutate(undefined, { onSettled: () => navigate('/admin') })}
      />
      <Box component="main">
        <OutfitList />
      </Box>
    </Box>
  );
}
