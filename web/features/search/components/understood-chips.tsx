import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Understood, WORD_BREAKS } from '../../../../contracts/search';

const KIND: Record<Understood['kind'], string> = {
  colour: 'Colour',
  category: 'Category',
  brand: 'Brand',
  size: 'Size',
  spelling: 'Read as',
};

/** What a chip says: "Colour: Black". */
export const chipLabel = (u: Understood) => `${KIND[u.kind]}: ${u.label}`;

/** Letters and digits only, lower-cased: how the server compares the words it read. */
const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/**
 * The text without the words a chip stands for, as the shopper typed them: a token goes when it
 * is one of them ("T-shirt" for "tshirt") or made only of them ("EU-40" for "eu 40").
 */
export function withoutWords(text: string, words: string): string {
  const gone = new Set(words.split(' ').map(bare));
  const isGone = (token: string) =>
    gone.has(bare(token)) ||
    token
      .split(WORD_BREAKS)
      .filter(Boolean)
      .every((part) => gone.has(bare(part)));
  return text
    .split(/\s+/)
    .filter((token) => token && !isGone(token))
    .join(' ');
}

/**
 * The words the search understood as a colour, a category, a brand, a size or another spelling, as
 * chips; removing one takes its words out of the search.
 */
export function UnderstoodChips({
  understood,
  onRemove,
}: {
  understood: readonly Understood[];
  onRemove: (u: Understood) => void;
}) {
  if (understood.length === 0) return null;
  return (
    <Stack
      direction="row"
      role="group"
      aria-label="What the search understood"
      sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 1.5 }}
    >
      <Typography variant="body2" color="text.secondary">
        Understood:
      </Typography>
      {understood.map((u) => (
        <Chip
          key={`${u.kind}:${u.words}`}
          label={chipLabel(u)}
          size="small"
          color="secondary"
          variant="outlined"
          aria-label={`Remove ${chipLabel(u)}`}
          onClick={() => onRemove(u)}
          onDelete={() => onRemove(u)}
        />
      ))}
    </Stack>
  );
}
