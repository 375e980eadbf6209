import { expect } from 'vitest';
import type { TestUser } from '../../helpers/http';
import {
  EU_MANUFACTURER,
  addDocument,
  approve,
  createEntity,
  createSku,
  link,
  publish,
  setFields,
  uniqueGtin,
} from '../skus/fixtures';

/** A battery SKU (category batteries) with its approved GPSR dossier plus the given fields, published. */
export async function publishedBatterySku(u: TestUser, fields: Record<string, string>) {
  const sku = await createSku(u, {
    sku_code: `BAT-${Math.random().toString(36).slice(2, 8)}`,
    product_name: 'E-bike battery 48 V',
    gtin: uniqueGtin(),
    category_code: 'batteries',
  });
  await setFields(u, sku.id, {
    model_number: 'EB-48V-14',
    brand: 'Voltwerk',
    product_image_url: 'https://images.example/eb48.jpg',
    product_description: '48 V lithium-ion battery pack for e-bikes.',
    target_markets: 'DE',
    safety_warnings_de: 'Nicht kurzschließen. Von Feuer fernhalten.',
    safety_warnings_en: 'Do not short-circuit. Keep away from fire.',
    instructions_de: 'Nur mit dem mitgelieferten Ladegerät laden.',
    instructions_en: 'Charge only with the supplied charger.',
    battery_type: 'Li-ion 48 V 14 Ah',
    ce_marking: 'yes',
    other_marks: 'crossed-out wheeled bin; CE',
    battery_cd_pb_above_limit: 'no',
    battery_registration_numbers: 'DE: DE 12345678',
    ...fields,
  });
  const m = await createEntity(u, {
    ...EU_MANUFACTURER,
    name: `Voltwerk ${Math.random().toString(36).slice(2, 6)} GmbH`,
  });
  await link(u, sku.id, 'manufacturer', m.id);
  await addDocument(u, { skuIds: [sku.id], type: 'risk_assessment', filename: 'Risk assessment EB-48.pdf' });
  await addDocument(u, {
    skuIds: [sku.id],
    type: 'declaration_of_conformity',
    filename: 'EU DoC EB-48.pdf',
    isPublic: true,
    references: ['Regulation (EU) 2023/1542'],
  });
  await approve(u, sku.id);
  const res = await publish(u, sku.id);
  expect(res.status, res.text).toBe(200);
  return { id: sku.id, publicId: res.body.output.public_id as string };
}
