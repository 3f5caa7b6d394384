import EditOutlined from '@mui/icons-material/EditOutlined';
import FavoriteBorderRounded from '@mui/icons-material/FavoriteBorderRounded';
import ThumbDownOffAltRounded from '@mui/icons-material/ThumbDownOffAltRounded';
import ThumbUpOffAltRounded from '@mui/icons-material/ThumbUpOffAltRounded';
import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type {
  DesignFilter,
  DesignOutfit,
  DesignSort,
  FlaggedPiece,
} from '../../../../contracts/design';
import { LoadMore, pagedBy } from '../../../components/load-more';
import { EmptyState, ErrorState, Loading } from '../../../components/states';
import { useOutfitList } from '../api/get-outfit-list';
import { PICTURE_BACKDROP, SLOT_LABEL } from './slots';

const SORT_LABEL: Record<DesignSort, string> = {
  newest: 'Newest first',
  likeRate: 'Best liked first',
};

function percent(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}

function flagText(flag: FlaggedPiece, name: string): string {
  const what = flag.problem === 'soldOut' ? 'sold out' : `only ${flag.stock} left`;
  return `${SLOT_LABEL[flag.slot]} ${what}: ${name}`;
}

function Figure({
  icon,
  label,
  value,
}: {
  icon: ReactNode;
  label: string;
  value: string | number;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        component="dt"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.5,
          fontSize: '0.7rem',
          fontWeight: 700,
          letterSpacing: '0.06em',
          textTransform: 'uppercase',
          color: 'text.secondary',
        }}
      >
        {icon}
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '1.05rem', fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

function OutfitRow({ outfit, onEdit }: { outfit: DesignOutfit; onEdit: () => void }) {
  const flagged = new Map(outfit.flagged.map((flag) => [flag.itemId, flag]));
  const soldOut = outfit.flagged.some((flag) => flag.problem === 'soldOut');
  const iconStyle = { fontSize: 14 };
  return (
    <Box
      component="li"
      aria-label={outfit.name}
      sx={{
        listStyle: 'none',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: soldOut ? 'error.light' : 'divider',
        borderRadius: '18px',
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '260px minmax(0, 1fr) auto' },
        gap: { xs: 1.5, md: 2.5 },
        alignItems: 'center',
      }}
    >
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(5, 1fr)', gap: 0.5 }}>
        {outfit.items.map((item) => {
          const flag = flagged.get(item.id);
          return (
            <Box
              key={item.slot}
              sx={{
                position: 'relative',
                borderRadius: '8px',
                overflow: 'hidden',
                outline: flag ? 2 : 0,
                outlineColor: flag?.problem === 'soldOut' ? 'error.main' : '#e08a3c',
                outlineOffset: -2,
              }}
            >
              <Box
                component="img"
                src={item.img}
                alt={flag ? flagText(flag, item.name) : `${SLOT_LABEL[item.slot]}: ${item.name}`}
                sx={{ display: 'block', width: '100%', aspectRatio: '4 / 5', objectFit: 'contain' }}
                style={{ background: PICTURE_BACKDROP }}
              />
              {flag && (
                <Box
                  aria-hidden
                  sx={{
                    position: 'absolute',
                    insetInline: 0,
                    bottom: 0,
                    py: 0.25,
                    textAlign: 'center',
                    fontSize: '0.6rem',
                    fontWeight: 800,
                    letterSpacing: '0.04em',
                    textTransform: 'uppercase',
                    bgcolor: flag.problem === 'soldOut' ? 'error.main' : '#fbe9d7',
                    color: flag.problem === 'soldOut' ? 'error.contrastText' : '#7a3312',
                  }}
                >
                  {flag.problem === 'soldOut' ? 'Sold out' : `${flag.stock} left`}
                </Box>
              )}
            </Box>
          );
        })}
      </Box>

      <Box sx={{ minWidth: 0 }}>
        <Typography component="h2" noWrap sx={{ fontWeight: 700, fontSize: '1rem' }}>
          {outfit.name}
        </Typography>
        <Typography sx={{ color: 'text.secondary', fontSize: '0.82rem', mb: 1 }}>
          {outfit.occasion}
        </Typography>
        <Box
          component="dl"
          // As many figures to a row as fit: four on a phone, one above another at 200% zoom.
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fit, minmax(4.5rem, 1fr))',
            gap: 1,
          }}
        >
          <Figure
            icon={<ThumbUpOffAltRounded style={iconStyle} />}
            label="Likes"
            value={outfit.likes}
          />
          <Figure
            icon={<ThumbDownOffAltRounded style={iconStyle} />}
            label="Rejects"
            value={outfit.rejects}
          />
          <Figure icon={null} label="Like rate" value={percent(outfit.likeRate)} />
          <Figure
            icon={<FavoriteBorderRounded style={iconStyle} />}
            label="Favorites"
            value={outfit.favorites}
          />
        </Box>
        {outfit.flagged.length > 0 && (
          <Box component="ul" sx={{ m: 0, mt: 1, p: 0, listStyle: 'none' }}>
            {outfit.flagged.map((flag) => {
              const item = outfit.items.find((piece) => piece.id === flag.itemId);
              return (
                <Typography
                  key={flag.slot}
                  component="li"
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    gap: 0.5,
                    fontSize: '0.8rem',
                    fontWeight: 600,
                    color: flag.problem === 'soldOut' ? 'error.main' : '#7a3312',
                  }}
                >
                  <WarningAmberRounded style={{ fontSize: 16 }} aria-hidden />
                  {flagText(flag, item?.name ?? `item ${flag.itemId}`)}
                </Typography>
              );
            })}
          </Box>
        )}
      </Box>

      <Button
        variant={outfit.flagged.length > 0 ? 'contained' : 'outlined'}
        startIcon={<EditOutlined fontSize="small" />}
        onClick={onEdit}
        aria-label={`Edit ${outfit.name}`}
        sx={{ justifySelf: { xs: 'stretch', md: 'end' }, whiteSpace: 'nowrap' }}
      >
        {outfit.flagged.length > 0 ? 'Fix pieces' : 'Edit'}
      </Button>
    </Box>
  );
}

/**
 * The design list: every outfit with how shoppers answer it and the pieces that keep it (or will
 * soon keep it) out of their feeds, newest or best liked first, all or only those with a problem.
 */
export function OutfitList() {
  const navigate = useNavigate();
  const [sort, setSort] = useState<DesignSort>('newest');
  const [filter, setFilter] = useState<DesignFilter>('all');
  const list = useOutfitList({ sort, filter });
  const outfits = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', px: { xs: 1.5, sm: 2, md: 3 }, py: { xs: 2, md: 3 } }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ gap: 1.5, alignItems: { sm: 'flex-end' }, mb: 2 }}
      >
        <Box sx={{ flex: 1 }}>
          <Typography variant="h3" component="h1">
            Outfits
          </Typography>
          <Typography sx={{ color: 'text.secondary', fontSize: '0.88rem', mt: 0.5 }}>
            How shoppers answer each outfit, and the pieces running out.
          </Typography>
        </Box>
        <Stack
          direction="row"
          sx={{ gap: 1, alignItems: 'center', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={filter}
            onChange={(_, next: DesignFilter | null) => next && setFilter(next)}
            aria-label="Which outfits"
            sx={{ '& .MuiToggleButton-root': { textTransform: 'none', fontWeight: 600, px: 1.5 } }}
          >
            <ToggleButton value="all">All</ToggleButton>
            <ToggleButton value="problem">
              <WarningAmberRounded style={{ fontSize: 16, marginRight: 4 }} aria-hidden />
              Stock problems
            </ToggleButton>
          </ToggleButtonGroup>
          <TextField
            select
            size="small"
            label="Sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as DesignSort)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            {(Object.keys(SORT_LABEL) as DesignSort[]).map((value) => (
              <MenuItem key={value} value={value}>
                {SORT_LABEL[value]}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </Stack>

      {list.isPending ? (
        <Loading label="Loading outfits" />
      ) : list.isError && outfits.length === 0 ? (
        <ErrorState message="The outfits could not be loaded." onRetry={() => list.refetch()} />
      ) : outfits.length === 0 ? (
        <EmptyState
          title={filter === 'problem' ? 'No stock problems' : 'No outfits yet'}
          body={
            filter === 'problem'
              ? 'Every piece of every outfit is in stock.'
              : 'Outfits you create in the studio show here.'
          }
        />
      ) : (
        <Box
          component="ul"
          aria-label="Outfits"
          aria-busy={list.isPlaceholderData}
          sx={{
            m: 0,
            p: 0,
            display: 'grid',
            gap: 1.5,
            opacity: list.isPlaceholderData ? 0.6 : 1,
            transition: 'opacity 150ms',
          }}
        >
          {outfits.map((outfit) => (
            <OutfitRow
              key={outfit.id}
              outfit={outfit}
              onEdit={() => navigate('/admin/design', { state: { edit: outfit } })}
            />
          ))}
        </Box>
      )}
      <LoadMore {...pagedBy(list)} />
    </Box>
  );
}
