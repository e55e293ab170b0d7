import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Award from 'lucide-react/icons/award';
import Bell from 'lucide-react/icons/bell';
import Bot from 'lucide-react/icons/bot';
import Briefcase from 'lucide-react/icons/briefcase';
import Calendar from 'lucide-react/icons/calendar';
import ChartColumn from 'lucide-react/icons/chart-column';
import ChartLine from 'lucide-react/icons/chart-line';
import ChevronDown from 'lucide-react/icons/chevron-down';
import CircleCheck from 'lucide-react/icons/circle-check';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import Clock from 'lucide-react/icons/clock';
import Coffee from 'lucide-react/icons/coffee';
import FileText from 'lucide-react/icons/file-text';
import Gauge from 'lucide-react/icons/gauge';
import GraduationCap from 'lucide-react/icons/graduation-cap';
import Headphones from 'lucide-react/icons/headphones';
import Heart from 'lucide-react/icons/heart';
import House from 'lucide-react/icons/house';
import Laptop from 'lucide-react/icons/laptop';
import Lock from 'lucide-react/icons/lock';
import Mail from 'lucide-react/icons/mail';
import MapPin from 'lucide-react/icons/map-pin';
import Megaphone from 'lucide-react/icons/megaphone';
import Menu from 'lucide-react/icons/menu';
import MessageCircle from 'lucide-react/icons/message-circle';
import MessageSquare from 'lucide-react/icons/message-square';
import Monitor from 'lucide-react/icons/monitor';
import MousePointerClick from 'lucide-react/icons/mouse-pointer-click';
import Palette from 'lucide-react/icons/palette';
import Phone from 'lucide-react/icons/phone';
import PhoneCall from 'lucide-react/icons/phone-call';
import PoundSterling from 'lucide-react/icons/pound-sterling';
import Quote from 'lucide-react/icons/quote';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import Rocket from 'lucide-react/icons/rocket';
import Search from 'lucide-react/icons/search';
import Shield from 'lucide-react/icons/shield';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Smartphone from 'lucide-react/icons/smartphone';
import Sparkles from 'lucide-react/icons/sparkles';
import Star from 'lucide-react/icons/star';
import Target from 'lucide-react/icons/target';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import TrendingUp from 'lucide-react/icons/trending-up';
import UserCheck from 'lucide-react/icons/user-check';
import Users from 'lucide-react/icons/users';
import Wrench from 'lucide-react/icons/wrench';
import Zap from 'lucide-react/icons/zap';
import type { LucideIcon } from 'lucide-react';
import type { IconName } from '../../src/content/model';

// One import per icon: the package's index would make esbuild read all 1,600 icon modules on every build.
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
