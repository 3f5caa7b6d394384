import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import Box from '@mui/material/Box';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid';
import { Page } from '../../../components/page';
import { ErrorState } from '../../../components/states';
import { useClosetCategories } from '../../../features/closet/api/get-closet-categories';
import { ClosetEmpty } from '../../../features/closet/components/closet-empty';
import { ClosetTile, TilePlaceholder } from '../../../features/closet/components/closet-tile';
import { categoryPath, plural } from '../../../features/closet/components/format';

export default function ClosetCategoriesRoute() {
  const categories = useClosetCategories();
  const owned = categories.data?.reduce((sum, c) => sum + c.pieces, 0) ?? 0;
  return (
    <Page title="My Closet: Category" subtitle="Every piece you own, by category." maxWidth="lg">
      {categories.isPending ? (
        <CardGridSkeleton count={5} ratio="4 / 5" columns={{ phone: 2, min: 180 }} />
      ) : categories.isError ? (
        <ErrorState message={categories.error.message} onRetry={() => categories.refetch()} />
      ) : (
        <>
          {owned === 0 && <ClosetEmpty kind="pieces" />}
          <CardGrid columns={{ phone: 2, min: 180 }} label="Categories">
            {categories.data.map((c) => (
              <li key={c.id}>
                <ClosetTile
                  to={categoryPath(c.name)}
                  name={c.name}
                  count={plural(c.pieces, 'piece')}
                  muted={c.pieces === 0}
                  picture={
                    c.cover ? (
                      <Box
                        component="img"
                        src={c.cover}
                        alt=""
                        sx={{
                          width: '100%',
                          aspectRatio: '4 / 5',
                          objectFit: 'cover',
                          display: 'block',
                        }}
                      />
                    ) : (
                      <TilePlaceholder ratio="4 / 5" icon={<CheckroomOutlined />} />
                    )
                  }
                />
              </li>
            ))}
          </CardGrid>
        </>
      )}
    </Page>
  );
}
