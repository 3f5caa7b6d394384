import { CardGrid, CardGridSkeleton, TILE_COLUMNS } from '../../../components/card-grid';
import { Page } from '../../../components/page';
import { ErrorState } from '../../../components/states';
import { useFavoriteOccasions } from '../../../features/favorites/api/get-favorite-occasions';
import { countLabel, OCCASION_PICTURES } from '../../../features/favorites/components/format';
import { FlatLay, Tile } from '../../../features/favorites/components/tile-grid';

/** SPEC's grid of occasion buttons titled Faves, each with how many favorite outfits it holds. */
export default function FavoriteOccasionsRoute() {
  const occasions = useFavoriteOccasions();
  return (
    <Page title="Faves" subtitle="Your favorite outfits, by occasion." maxWidth="lg">
      {occasions.isPending ? (
        <CardGridSkeleton columns={TILE_COLUMNS} count={5} ratio="4 / 5" bare />
      ) : occasions.isError ? (
        <ErrorState message={occasions.error.message} onRetry={() => occasions.refetch()} />
      ) : (
        <CardGrid columns={TILE_COLUMNS} label="Occasions">
          {occasions.data.map((o) => (
            <Tile
              key={o.id}
              to={`/favorites/outfits/${o.id}`}
              name={o.name}
              detail={countLabel(o.count, 'outfit')}
              muted={o.count === 0}
              picture={<FlatLay images={OCCASION_PICTURES[o.name.toLowerCase()] ?? []} />}
            />
          ))}
        </CardGrid>
      )}
    </Page>
  );
}
