/**
 * North American Numbering Plan area codes -> [state or province, IANA time zone]. Used for a
 * recipient's local time when the channel has no time zone of its own (DESIGN "Compliance").
 * Every US area code in service (plus overlays announced through 2026), US territories, Canada and
 * the Caribbean +1 countries. An area code that spans two zones maps to the zone most of its
 * numbers are in (noted where it matters).
 */

type Entry = readonly [country: string, region: string, timeZone: string];

const ET = 'America/New_York';
const CT = 'America/Chicago';
const MT = 'America/Denver';
const PT = 'America/Los_Angeles';

/** Builds the table from "zone -> area codes" lists of one region (a US state, a province, a country). */
function region(code: string, zones: Record<string, readonly number[]>, country = 'US'): Array<[string, Entry]> {
  return Object.entries(zones).flatMap(([zone, areaCodes]) =>
    areaCodes.map((areaCode): [string, Entry] => [String(areaCode), [country, code, zone]]),
  );
}
const canada = (province: string, zones: Record<string, readonly number[]>) => region(province, zones, 'CA');
const country = (iso: string, zone: string, areaCodes: readonly number[]) => region(iso, { [zone]: areaCodes }, iso);

const ENTRIES: Array<[string, Entry]> = [
  ...region('AL', { [CT]: [205, 251, 256, 334, 659, 938] }),
  ...region('AK', { 'America/Anchorage': [907] }),
  ...region('AZ', { 'America/Phoenix': [480, 520, 602, 623, 928] }),
  ...region('AR', { [CT]: [327, 479, 501, 870] }),
  ...region('CA', {
    [PT]: [
      209, 213, 279, 310, 323, 341, 350, 369, 408, 415, 424, 442, 510, 530, 559, 562, 619, 626, 628, 650, 657, 661, 669,
      707, 714, 738, 747, 760, 805, 818, 820, 831, 840, 858, 909, 916, 925, 949, 951,
    ],
  }),
  ...region('CO', { [MT]: [303, 719, 720, 970, 983] }),
  ...region('CT', { [ET]: [203, 475, 860, 959] }),
  ...region('DE', { [ET]: [302] }),
  ...region('DC', { [ET]: [202, 771] }),
  // 850 and its overlay 448: Pensacola, Fort Walton Beach and Panama City (Central) outnumber Tallahassee (Eastern).
  ...region('FL', {
    [ET]: [239, 305, 321, 324, 352, 386, 407, 561, 645, 656, 689, 727, 728, 754, 772, 786, 813, 863, 904, 941, 954],
    [CT]: [448, 850],
  }),
  ...region('GA', { [ET]: [229, 404, 470, 478, 678, 706, 762, 770, 912, 943] }),
  ...region('HI', { 'Pacific/Honolulu': [808] }),
  ...region('ID', { 'America/Boise': [208, 986] }),
  ...region('IL', { [CT]: [217, 224, 309, 312, 331, 447, 464, 618, 630, 708, 730, 773, 779, 815, 847, 861, 872] }),
  // 219 (Gary, northwest Indiana) is on Central time; 812/930 mostly Eastern (Evansville aside).
  ...region('IN', { 'America/Indiana/Indianapolis': [260, 317, 463, 574, 765, 812, 930], [CT]: [219] }),
  ...region('IA', { [CT]: [319, 515, 563, 641, 712] }),
  ...region('KS', { [CT]: [316, 620, 785, 913] }),
  ...region('KY', { [ET]: [502, 606, 859], [CT]: [270, 364] }),
  ...region('LA', { [CT]: [225, 318, 337, 504, 985] }),
  ...region('ME', { [ET]: [207] }),
  ...region('MD', { [ET]: [227, 240, 301, 410, 443, 667] }),
  ...region('MA', { [ET]: [339, 351, 413, 508, 617, 774, 781, 857, 978] }),
  ...region('MI', { 'America/Detroit': [231, 248, 269, 313, 517, 586, 616, 679, 734, 810, 906, 947, 989] }),
  ...region('MN', { [CT]: [218, 320, 507, 612, 651, 763, 924, 952] }),
  ...region('MS', { [CT]: [228, 601, 662, 769] }),
  ...region('MO', { [CT]: [235, 314, 417, 557, 573, 636, 660, 816, 975] }),
  ...region('MT', { [MT]: [406] }),
  ...region('NE', { [CT]: [308, 402, 531] }),
  ...region('NV', { [PT]: [702, 725, 775] }),
  ...region('NH', { [ET]: [603] }),
  ...region('NJ', { [ET]: [201, 551, 609, 640, 732, 848, 856, 862, 908, 973] }),
  ...region('NM', { [MT]: [505, 575] }),
  ...region('NY', {
    [ET]: [
      212, 315, 329, 332, 347, 363, 516, 518, 585, 607, 624, 631, 646, 680, 716, 718, 838, 845, 914, 917, 929, 934,
    ],
  }),
  ...region('NC', { [ET]: [252, 336, 472, 704, 743, 828, 910, 919, 980, 984] }),
  ...region('ND', { [CT]: [701] }),
  ...region('OH', { [ET]: [216, 220, 234, 283, 326, 330, 380, 419, 436, 440, 513, 567, 614, 740, 937] }),
  ...region('OK', { [CT]: [405, 539, 572, 580, 918] }),
  ...region('OR', { [PT]: [458, 503, 541, 971] }),
  ...region('PA', { [ET]: [215, 223, 267, 272, 412, 445, 484, 570, 582, 610, 717, 724, 814, 835, 878] }),
  ...region('RI', { [ET]: [401] }),
  ...region('SC', { [ET]: [803, 839, 843, 854, 864] }),
  ...region('SD', { [CT]: [605] }),
  ...region('TN', { [ET]: [423, 729, 865], [CT]: [615, 629, 731, 901, 931] }),
  // 915 (El Paso) is on Mountain time.
  ...region('TX', {
    [CT]: [
      210, 214, 254, 281, 325, 346, 361, 409, 430, 432, 469, 512, 682, 713, 726, 737, 806, 817, 830, 832, 903, 936, 940,
      945, 956, 972, 979,
    ],
    [MT]: [915],
  }),
  ...region('UT', { [MT]: [385, 435, 801] }),
  ...region('VT', { [ET]: [802] }),
  ...region('VA', { [ET]: [276, 434, 540, 571, 686, 703, 757, 804, 826, 948] }),
  ...region('WA', { [PT]: [206, 253, 360, 425, 509, 564] }),
  ...region('WV', { [ET]: [304, 681] }),
  ...region('WI', { [CT]: [262, 274, 353, 414, 534, 608, 715, 920] }),
  ...region('WY', { [MT]: [307] }),
  // US territories.
  ...region('PR', { 'America/Puerto_Rico': [787, 939] }),
  ...region('VI', { 'America/St_Thomas': [340] }),
  ...region('GU', { 'Pacific/Guam': [671] }),
  ...region('MP', { 'Pacific/Saipan': [670] }),
  ...region('AS', { 'Pacific/Pago_Pago': [684] }),
  // Canada.
  ...canada('AB', { 'America/Edmonton': [368, 403, 587, 780, 825] }),
  ...canada('BC', { 'America/Vancouver': [236, 250, 257, 604, 672, 778] }),
  ...canada('MB', { 'America/Winnipeg': [204, 431, 584] }),
  ...canada('NB', { 'America/Moncton': [428, 506] }),
  ...canada('NL', { 'America/St_Johns': [709, 879] }),
  ...canada('NS', { 'America/Halifax': [782, 902] }),
  ...canada('ON', {
    'America/Toronto': [226, 249, 289, 343, 365, 382, 416, 437, 519, 548, 613, 647, 683, 705, 742, 753, 807, 905, 942],
  }),
  ...canada('QC', { 'America/Toronto': [263, 354, 367, 418, 438, 450, 468, 514, 579, 581, 819, 873] }),
  ...canada('SK', { 'America/Regina': [306, 474, 639] }),
  ...canada('YT', { 'America/Whitehorse': [867] }),
  // Caribbean and Atlantic +1 countries.
  ...country('BS', 'America/Nassau', [242]),
  ...country('BB', 'America/Barbados', [246]),
  ...country('AI', 'America/Anguilla', [264]),
  ...country('AG', 'America/Antigua', [268]),
  ...country('VG', 'America/Tortola', [284]),
  ...country('KY', 'America/Cayman', [345]),
  ...country('BM', 'Atlantic/Bermuda', [441]),
  ...country('GD', 'America/Grenada', [473]),
  ...country('TC', 'America/Grand_Turk', [649]),
  ...country('JM', 'America/Jamaica', [658, 876]),
  ...country('MS', 'America/Montserrat', [664]),
  ...country('SX', 'America/Lower_Princes', [721]),
  ...country('LC', 'America/St_Lucia', [758]),
  ...country('DM', 'America/Dominica', [767]),
  ...country('VC', 'America/St_Vincent', [784]),
  ...country('DO', 'America/Santo_Domingo', [809, 829, 849]),
  ...country('TT', 'America/Port_of_Spain', [868]),
  ...country('KN', 'America/St_Kitts', [869]),
];

/**
 * Area code -> [country, region, time zone]: US state or territory codes under 'US', province codes
 * under 'CA', and for the other +1 countries their ISO code twice.
 */
export const AREA_CODES: ReadonlyMap<string, Entry> = new Map(ENTRIES);

/** The three-digit area code of a +1 number in E.164, or undefined. */
export const areaCodeOf = (e164: string): string | undefined =>
  /^\+1\d{10}$/.test(e164) ? e164.slice(2, 5) : undefined;

export interface AreaCodeInfo {
  areaCode: string;
  /** 'US', 'CA', or the ISO code of another +1 country. */
  country: string;
  /** US state or territory, Canadian province, or the country code again. */
  region: string;
  timeZone: string;
}

/** Country, region (state) and time zone of a +1 number, from its area code; undefined when unknown. */
export function areaCodeInfo(e164: string): AreaCodeInfo | undefined {
  const areaCode = areaCodeOf(e164);
  const entry = areaCode === undefined ? undefined : AREA_CODES.get(areaCode);
  return entry ? { areaCode: areaCode!, country: entry[0], region: entry[1], timeZone: entry[2] } : undefined;
}
