import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import BrunchDiningOutlined from '@mui/icons-material/BrunchDiningOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import CheckroomOutlined from '@mui/icons-material/CheckroomOutlined';
import FlightTakeoffOutlined from '@mui/icons-material/FlightTakeoffOutlined';
import LocalBarOutlined from '@mui/icons-material/LocalBarOutlined';
import WeekendOutlined from '@mui/icons-material/WeekendOutlined';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { CardGrid, CardGridSkeleton } from '../../../components/card-grid';
import { Page } from '../../../components/page';
import { ErrorState } from '../../../components/states';
import {
  closetOutfitTotal,
  useClosetOccasions,
} from '../../../features/closet/api/get-closet-occasions';
import { ClosetEmpty } from '../../../features/closet/components/closet-empty';
import { ClosetTile, TilePlaceholder } from '../../../features/closet/components/closet-tile';
import { occasionPath, plural } from '../../../features/closet/components/format';
import { OutfitMosaic } from '../../../features/closet/components/outfit-mosaic';

const ICONS: Record<string, ReactNode> = {
  airport: <FlightTakeoffOutlined />,
  brunch: <BrunchDiningOutlined />,
  casual: <WeekendOutlined />,
  'date night': <LocalBarOutlined />,
  work: <BusinessCenterOutlined />,
};

export default function ClosetOccasionsRoute() {
  const occasions = useClosetOccasions();
  const total = occasions.data ? closetOutfitTotal(occasions.data) : 0;
  return (
    <Page
      title="My Closet: Occasion Outfits"
      subtitle="Complete outfits from pieces you own, by occasion."
      maxWidth="lg"
    >
      {occasions.isPending ? (
        <CardGridSkeleton count={5} ratio="8 / 5" columns={{ phone: 2, min: 200 }} />
      ) : occasions.isError ? (
        <ErrorState message={occasions.error.message} onRetry={() => occasions.refetch()} />
      ) : (
        <>
          {total === 0 && <ClosetEmpty kind="outfits" />}
          {total > 0 && (
            <Button
              component={RouterLink}
              to="/closet/outfits"
              variant="outlined"
              endIcon={<ArrowForwardRounded />}
              sx={{ mb: 2.5 }}
            >
              All closet outfits ({total})
            </Button>
          )}
          <CardGrid columns={{ phone: 2, min: 200 }} label="Occasions">
            {occasions.data.map((o) => (
              <li key={o.id}>
                <ClosetTile
                  to={occasionPath(o.name)}
                  name={o.name}
                  count={plural(o.outfits, 'outfit')}
                  muted={o.outfits === 0}
                  picture={
                    o.cover.length > 0 ? (
                      <OutfitMosaic
                        images={o.cover.map((src) => ({ src, alt: '' }))}
                        rounded={false}
                      />
                    ) : (
                      <TilePlaceholder
                        ratio="8 / 5"
                        icon={ICONS[o.name.toLowerCase()] ?? <CheckroomOutlined />}
                      />
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
