import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Slot } from '../../../../contracts/catalog';

interface Guide {
  note: string;
  head: string[];
  rows: string[][];
}

const APPAREL: Guide = {
  note: 'Body measurements in centimetres. Between two sizes, take the larger for a relaxed fit.',
  head: ['Size', 'Chest', 'Waist', 'Hip'],
  rows: [
    ['XS', '80–84', '64–68', '86–90'],
    ['S', '86–90', '70–74', '92–96'],
    ['M', '92–98', '76–82', '98–104'],
    ['L', '100–106', '84–90', '106–112'],
    ['XL', '108–114', '92–98', '114–120'],
  ],
};

const GUIDES: Record<Slot, Guide> = {
  outerwear: {
    ...APPAREL,
    note: 'Body measurements in centimetres; coats are cut to fit over a jumper.',
  },
  top: APPAREL,
  bottom: {
    note: 'Trousers, jeans and shorts go by the waist in inches; skirts by the letter sizes above.',
    head: ['Size', 'Waist (in)', 'Waist (cm)', 'Hip (cm)'],
    rows: [
      ['26', '26', '66', '90'],
      ['28', '28', '71', '94'],
      ['30', '30', '76', '99'],
      ['32', '32', '81', '104'],
      ['34', '34', '86', '109'],
      ['36', '36', '91', '114'],
    ],
  },
  footwear: {
    note: 'European sizes. Measure your foot from heel to longest toe.',
    head: ['EU', 'UK', 'US women', 'US men', 'Foot (cm)'],
    rows: [
      ['36', '3', '5.5', '—', '22.5'],
      ['37', '4', '6.5', '—', '23.5'],
      ['38', '5', '7.5', '6', '24'],
      ['39', '6', '8.5', '6.5', '24.5'],
      ['40', '6.5', '9', '7.5', '25.5'],
      ['41', '7.5', '10', '8', '26'],
      ['42', '8', '—', '9', '27'],
      ['43', '9', '—', '10', '27.5'],
      ['44', '9.5', '—', '10.5', '28.5'],
      ['45', '10.5', '—', '11.5', '29'],
    ],
  },
  accessory: {
    note: 'Bags, hats, scarves and sunglasses come in one size. Belts go by the waist.',
    head: ['Belt size', 'Waist (cm)', 'Waist (in)'],
    rows: [
      ['S', '70–80', '28–31'],
      ['M', '80–90', '31–35'],
      ['L', '90–100', '35–39'],
    ],
  },
};

/** A small table of measurements for the product's kind of garment. */
export function SizeGuide({ slot, caption }: { slot: Slot; caption: string }) {
  const guide = GUIDES[slot];
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {guide.note}
      </Typography>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={caption}>
          <TableHead>
            <TableRow>
              {guide.head.map((h) => (
                <TableCell key={h} sx={{ fontWeight: 700 }}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {guide.rows.map((row) => (
              <TableRow key={row[0]}>
                {row.map((cell, i) => (
                  <TableCell key={guide.head[i]} component={i === 0 ? 'th' : 'td'} scope="row">
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
