import {
  ArrowLeft, ArrowRight, Award, Bell, Bot, Briefcase, Calendar, ChartColumn, ChartLine, ChevronDown, CircleCheck, ClipboardList, Clock, Coffee,
  FileText, Gauge, GraduationCap, Headphones, Heart, House, Laptop, Lock, Mail, MapPin, Megaphone, Menu,
  MessageCircle, MessageSquare, Monitor, MousePointerClick, Palette, Phone, PhoneCall, PoundSterling, Quote,
  RefreshCw, Rocket, Search, Shield, ShieldCheck, Smartphone, Sparkles, Star, Target, ThumbsUp, TrendingUp,
  UserCheck, Users, Wrench, Zap, type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../src/content/model';

// Typed as a full record, so an icon name allowed by the content schema but missing here fails type-checking.
const icons: Record<IconName, LucideIcon> = {
  'arrow-left': ArrowLeft, 'arrow-right': ArrowRight, award: Award, bell: Bell, bot: Bot, briefcase: Briefcase, calendar: Calendar, 'chart-column': ChartColumn,
  'chart-line': ChartLine, 'chevron-down': ChevronDown, 'circle-check': CircleCheck, 'clipboard-list': ClipboardList, clock: Clock,
  coffee: Coffee, 'file-text': FileText, gauge: Gauge, 'graduation-cap': GraduationCap, headphones: Headphones,
  heart: Heart, house: House, laptop: Laptop, lock: Lock, mail: Mail, 'map-pin': MapPin, megaphone: Megaphone, menu: Menu,
  'message-circle': MessageCircle, 'message-square': MessageSquare, monitor: Monitor,
  'mouse-pointer-click': MousePointerClick, palette: Palette, phone: Phone, 'phone-call': PhoneCall,
  'pound-sterling': PoundSterling, quote: Quote, 'refresh-cw': RefreshCw, rocket: Rocket, search: Search,
  shield: Shield, 'shield-check': ShieldCheck, smartphone: Smartphone, sparkles: Sparkles, star: Star,
  target: Target, 'thumbs-up': ThumbsUp, 'trending-up': TrendingUp, 'user-check': UserCheck, users: Users,
  wrench: Wrench, zap: Zap,
};

/** A decorative icon: hidden from screen readers, since the text beside it says the same. */
export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  const Component = icons[name];
  return <Component className={className} aria-hidden="true" focusable="false" strokeWidth={2} />;
}
