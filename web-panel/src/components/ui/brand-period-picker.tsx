/** The period picker of a brand page: in the brand's time zone, today and locale. */
import { useBrand } from '../../lib/brand.tsx';
import { todayIn, type Period } from '../../lib/period.ts';
import { PeriodPicker } from './period-picker.tsx';

export function BrandPeriodPicker({ value, onChange }: { value: Period; onChange(next: Period): void }) {
  const brand = useBrand();
  return (
    <PeriodPicker
      value={value}
      onChange={onChange}
      timezone={brand.timezone}
      today={todayIn(brand.timezone)}
      locale={brand.locale}
    />
  );
}
