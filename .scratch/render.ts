import fs from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
GlobalFonts.registerFromPath('/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf', 'ScanSerif');
GlobalFonts.registerFromPath('/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'ScanCJK');
function render(lines: string[], font: string, out: string) {
  const w = 1240, lh = 44, h = 120 + lines.length * lh;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#f7f5ef'; ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#1a1a1a'; ctx.font = `28px ${font}`;
  // A slight tilt, like a sheet on a scanner glass.
  ctx.rotate(0.004);
  lines.forEach((l, i) => ctx.fillText(l, 70, 90 + i * lh));
  fs.writeFileSync(out, c.toBuffer('image/png'));
}
const d = 'tests/fixtures/classify/scans/';
render([
  'DÉCLARATION UE DE CONFORMITÉ',
  'Nous, Atelier Lumière SAS, 12 rue des Forges, 69007 Lyon, déclarons',
  'sous notre seule responsabilité que le produit : lampe de bureau LB-20',
  'objet de la déclaration, est conforme à la législation d\'harmonisation',
  'de l\'Union applicable : directive 2014/35/UE, directive 2011/65/UE.',
  'Normes harmonisées appliquées : EN 60598-1:2021, EN IEC 55015:2019.',
  'Signé par et au nom de Atelier Lumière SAS, Lyon, le 4 mars 2024',
  'Claire Martin, directrice qualité',
], 'ScanSerif', d + 'fr-declaration-scan.png');
render([
  'GEBRUIKSAANWIJZING – Staafmixer SM-600',
  'Lees deze gebruiksaanwijzing zorgvuldig door voor het eerste gebruik',
  'en bewaar hem voor later.',
  'Veiligheidsvoorschriften: dompel het motorblok nooit onder in water.',
  'Ingebruikname: plaats de staaf op het motorblok en druk op de knop.',
  'Reiniging en onderhoud: spoel de staaf direct na gebruik af.',
  'Technische gegevens: 220-240 V~, 600 W.',
], 'ScanSerif', d + 'nl-manual-scan.png');
render([
  '检测报告',
  '报告编号：QT2024-0315',
  '委托单位：宁波明达电器有限公司',
  '样品名称：电热水壶   收样日期：2024年3月1日',
  '检测依据：GB 4706.1-2005，GB 4706.19-2008',
  '检测结果：所检项目均符合标准要求。结论：合格',
  '本报告仅对所检样品负责。',
], 'ScanCJK', d + 'zh-test-report-scan.png');
