import { Page } from '../../../components/page';
import { ErrorState } from '../../../components/states';
import { useFavoriteOccasions } from '../../../features/favorites/api/get-favorite-occasions';
import { countLabel, OCCASION_PICTURES } from '../../../features/favorites/components/format';
import {
  FlatLay,
  Tile,
  TileGrid,
  TileGridSkeleton,
} from '../../../features/favorites/components/tile-grid';

/** SPEC's grid of occasion buttons titled Faves, each with how many favorite outfits it holds. */
export default function FavoriteOccasionsRoute() {
  const occasions = useFavoriteOccasions();
  return (
    <Page title="Faves" subtitle="Your favorite outfits, by occasion." maxWidth="lg">
      {occasions.isPending ? (
        <TileGridSkeleton />
      ) : occasions.isError ? (
        <ErrorState message={occasions.error.message} onRetry={() => occasions.refetch()} />
      ) : (
        <TileGrid label="Occasions">
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
        </TileGrid>
      )}
    </Page>
  );
}
