import Box from '@cloudscape-design/components/box';

/** One figure of a stats strip: its label above, the value large (the console's screens share this shape). */
export function StatTile({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="h2" tagOverride="p" data-testid={testId}>
        {value}
      </Box>
    </div>
  );
}
