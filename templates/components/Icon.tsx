import { createElement, type ReactElement } from 'react';
import type { IconNode } from 'lucide';
import ArrowLeft from 'lucide/dist/esm/icons/arrow-left.mjs';
import ArrowRight from 'lucide/dist/esm/icons/arrow-right.mjs';
import Award from 'lucide/dist/esm/icons/award.mjs';
import Bell from 'lucide/dist/esm/icons/bell.mjs';
import Bot from 'lucide/dist/esm/icons/bot.mjs';
import Briefcase from 'lucide/dist/esm/icons/briefcase.mjs';
import Calendar from 'lucide/dist/esm/icons/calendar.mjs';
import ChartColumn from 'lucide/dist/esm/icons/chart-column.mjs';
import ChartLine from 'lucide/dist/esm/icons/chart-line.mjs';
import ChevronDown from 'lucide/dist/esm/icons/chevron-down.mjs';
import CircleCheck from 'lucide/dist/esm/icons/circle-check.mjs';
import ClipboardList from 'lucide/dist/esm/icons/clipboard-list.mjs';
import Clock from 'lucide/dist/esm/icons/clock.mjs';
import Coffee from 'lucide/dist/esm/icons/coffee.mjs';
import FileText from 'lucide/dist/esm/icons/file-text.mjs';
import Gauge from 'lucide/dist/esm/icons/gauge.mjs';
import GraduationCap from 'lucide/dist/esm/icons/graduation-cap.mjs';
import Headphones from 'lucide/dist/esm/icons/headphones.mjs';
import Heart from 'lucide/dist/esm/icons/heart.mjs';
import House from 'lucide/dist/esm/icons/house.mjs';
import Laptop from 'lucide/dist/esm/icons/laptop.mjs';
import Lock from 'lucide/dist/esm/icons/lock.mjs';
import Mail from 'lucide/dist/esm/icons/mail.mjs';
import MapPin from 'lucide/dist/esm/icons/map-pin.mjs';
import Megaphone from 'lucide/dist/esm/icons/megaphone.mjs';
import Menu from 'lucide/dist/esm/icons/menu.mjs';
import MessageCircle from 'lucide/dist/esm/icons/message-circle.mjs';
import MessageSquare from 'lucide/dist/esm/icons/message-square.mjs';
import Monitor from 'lucide/dist/esm/icons/monitor.mjs';
import MousePointerClick from 'lucide/dist/esm/icons/mouse-pointer-click.mjs';
import Palette from 'lucide/dist/esm/icons/palette.mjs';
import Phone from 'lucide/dist/esm/icons/phone.mjs';
import PhoneCall from 'lucide/dist/esm/icons/phone-call.mjs';
import PoundSterling from 'lucide/dist/esm/icons/pound-sterling.mjs';
import Quote from 'lucide/dist/esm/icons/quote.mjs';
import RefreshCw from 'lucide/dist/esm/icons/refresh-cw.mjs';
import Rocket from 'lucide/dist/esm/icons/rocket.mjs';
import Search from 'lucide/dist/esm/icons/search.mjs';
import Shield from 'lucide/dist/esm/icons/shield.mjs';
import ShieldCheck from 'lucide/dist/esm/icons/shield-check.mjs';
import Smartphone from 'lucide/dist/esm/icons/smartphone.mjs';
import Sparkles from 'lucide/dist/esm/icons/sparkles.mjs';
import Star from 'lucide/dist/esm/icons/star.mjs';
import Target from 'lucide/dist/esm/icons/target.mjs';
import ThumbsUp from 'lucide/dist/esm/icons/thumbs-up.mjs';
import TrendingUp from 'lucide/dist/esm/icons/trending-up.mjs';
import UserCheck from 'lucide/dist/esm/icons/user-check.mjs';
import Users from 'lucide/dist/esm/icons/users.mjs';
import Wrench from 'lucide/dist/esm/icons/wrench.mjs';
import Zap from 'lucide/dist/esm/icons/zap.mjs';
import type { IconName } from '../../src/content/model';

// Lucide's icons as plain data (tag and attributes), one module per icon: the package's index
// would make esbuild read all 1,600 of them, and a component per icon costs more per
// render than the whole SVG. Typed as a full record, so an icon name allowed by the content
// schema but missing here fails type-checking.
const icons: Record<IconName, IconNode> = {
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  award: Award,
  bell: Bell,
  bot: Bot,
  briefcase: Briefcase,
  calendar: Calendar,
  'chart-column': ChartColumn,
  'chart-line': ChartLine,
  'chevron-down': ChevronDown,
  'circle-check': CircleCheck,
  'clipboard-list': ClipboardList,
  clock: Clock,
  coffee: Coffee,
  'file-text': FileText,
  gauge: Gauge,
  'graduation-cap': GraduationCap,
  headphones: Headphones,
  heart: Heart,
  house: House,
  laptop: Laptop,
  lock: Lock,
  mail: Mail,
  'map-pin': MapPin,
  megaphone: Megaphone,
  menu: Menu,
  'message-circle': MessageCircle,
  'message-square': MessageSquare,
  monitor: Monitor,
  'mouse-pointer-click': MousePointerClick,
  palette: Palette,
  phone: Phone,
  'phone-call': PhoneCall,
  'pound-sterling': PoundSterling,
  quote: Quote,
  'refresh-cw': RefreshCw,
  rocket: Rocket,
  search: Search,
  shield: Shield,
  'shield-check': ShieldCheck,
  smartphone: Smartphone,
  sparkles: Sparkles,
  star: Star,
  target: Target,
  'thumbs-up': ThumbsUp,
  'trending-up': TrendingUp,
  'user-check': UserCheck,
  users: Users,
  wrench: Wrench,
  zap: Zap,
};

/** Each icon's drawing as React elements, made once: elements never change, and every page draws dozens of icons. */
const drawings: Record<string, ReactElement[]> = Object.fromEntries(
  Object.entries(icons).map(([name, shapes]) => [
    name,
    shapes.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
  ]),
);

/** A decorative icon: hidden from screen readers, since the text beside it says the same. */
export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return (
    // Sized by its class; inline SVG in HTML needs no xmlns. Every page draws dozens of these, so every attribute counts:
    // its width and height count too, as the size it is drawn where the stylesheet has not come (a slow or lost
    // connection, a reader that ignores it), which would otherwise draw it as wide as the page.
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {drawings[name]}
    </svg>
  );
}
