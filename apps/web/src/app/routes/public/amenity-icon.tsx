import {
  BatteryChargingIcon,
  DropletsIcon,
  LightbulbIcon,
  type LucideIcon,
  ShieldCheckIcon,
  SparklesIcon,
  WifiIcon,
} from 'lucide-react'

/** An icon for an amenity named in centre_settings.amenities; unknown names get a neutral one. */
export function amenityIcon(name: string): LucideIcon {
  const n = name.toLowerCase()
  if (n.includes('wifi')) return WifiIcon
  if (n.includes('generator')) return BatteryChargingIcon
  if (n.includes('water') || n.includes('borehole')) return DropletsIcon
  if (n.includes('security') || n.includes('cctv')) return ShieldCheckIcon
  if (n.includes('led') || n.includes('light')) return LightbulbIcon
  return SparklesIcon
}

/** Whether an amenity is about power or water, whose live state the home page shows (issue 18). */
export function amenityHasStatus(name: string): boolean {
  const n = name.toLowerCase()
  return n.includes('generator') || n.includes('borehole')
}
