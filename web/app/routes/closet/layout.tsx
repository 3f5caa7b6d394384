import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { SectionToggle } from '../../../components/section-toggle';

export default function ClosetLayout() {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
        <SectionToggle
          outfitsPath="/closet/occasions"
          categoriesPath="/closet/categories"
          label="Closet by"
        />
      </Box>
      <Outlet />
    </>
  );
}
