import { CardGrid, CardGridSkeleton, TILE_COLUMNS } from '../../../components/card-grid';
import { Page } from '../../../components/page';
import { ErrorState } from '../../../components/states';
import { useFavoriteCategories } from '../../../features/favorites/api/get-favorite-categories';
import { CATEGORY_PICTURES, countLabel } from '../../../features/favorites/components/format';
import { FlatLay, Tile } from '../../../features/favorites/components/tile-grid';

/** SPEC's grid of category buttons, each with how many favorite pieces it holds. */
export default function FavoriteCategoriesRoute() {
  const categories = useFavoriteCategories();
  return (
    <Page title="Favorites" subtitle="Your favorite pieces, by category." maxWidth="lg">
      {categories.isPending ? (
        <CardGridSkeleton columns={TILE_COLUMNS} count={5} ratio="4 / 5" bare />
      ) : categories.isError ? (
        <ErrorState message={categories.error.message} onRetry={() => categories.refetch()} />
      ) : (
        <CardGrid columns={TILE_COLUMNS} label="Categories">
          {categories.data.map((c) => (
            <Tile
              key={c.id}
              to={`/favorites/categories/${encodeURIComponent(c.name)}`}
              name={c.name}
              detail={countLabel(c.count, 'piece')}
              muted={c.count === 0}
              picture={<FlatLay images={CATEGORY_PICTURES[c.name.toLowerCase()] ?? []} />}
            />
          ))}
        </CardGrid>
      )}
    </Page>
  );
}
