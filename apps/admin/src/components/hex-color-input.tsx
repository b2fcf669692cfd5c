import { ColorPicker } from 'antd';

const PRESETS = [{ label: '推荐颜色', colors: ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#fa541c', '#f5222d', '#eb2f96', '#722ed1', '#262626', '#8c8c8c'] }];

/** antd ColorPicker bound to a hex string ('' = no colour). */
export function HexColorInput({ value, onChange }: { value?: string; onChange?: (hex: string) => void }) {
  return (
    <ColorPicker
      value={value || undefined}
      allowClear
      showText={(color) => (value ? color.toHexString() : '默认颜色')}
      format="hex"
      presets={PRESETS}
      onChange={(color) => onChange?.(color.toHexString())}
      onClear={() => onChange?.('')}
    />
  );
}
