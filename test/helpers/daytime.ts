/** A US-valid clock for texts: a zone where it is now between 9:00 and 19:00 (8:00-21:00 allowed). */
export function daytimeZone(now = new Date()): string {
  const zones = [
    'America/Los_Angeles',
    'America/New_York',
    'Pacific/Honolulu',
    'Europe/London',
    'Asia/Kolkata',
    'Asia/Tokyo',
    'Australia/Sydney',
  ];
  const hour = (zone: string) =>
    Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(now));
  const zone = zones.find((candidate) => hour(candidate) >= 9 && hour(candidate) < 19);
  if (!zone) throw new Error('no daytime zone in the list');
  return zone;
}
