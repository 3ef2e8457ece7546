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
