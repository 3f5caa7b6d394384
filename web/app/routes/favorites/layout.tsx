import Box from '@mui/material/Box';
import { Outlet } from 'react-router';
import { SectionToggle } from '../../../components/section-toggle';

export default function FavoritesLayout() {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 2 }}>
        <SectionToggle
          outfitsPath="/favorites/outfits"
          categoriesPath="/favorites/categories"
          label="Favorites by"
        />
      </Box>
      <Outlet />
    </>
  );
}
