/**
 * Header synonyms in English, German, French, Spanish and Italian, written folded (lower case, no
 * accents, punctuation as spaces; see foldHeader). Matching is on whole words, so "art nr" matches
 * "Art.-Nr." and "N° d'article" folds to "n d article".
 */
import { foldText } from '@/lib/requirements/countries';

export type SynonymLanguage = 'en' | 'de' | 'fr' | 'es' | 'it';

export function foldHeader(header: string): string {
  return foldText(header.replace(/[°º#]/g, ' no ').replace(/ß/g, 'ss'));
}

/** Direct targets (SKU columns and non-entity dossier fields). */
export const TARGET_SYNONYMS: Record<string, string[]> = {
  sku_code: [
    'sku', 'sku code', 'sku no', 'sku nr', 'sku number', 'item number', 'item no', 'item code', 'article number', 'article no',
    'article code', 'product code', 'product number', 'product no', 'part number', 'part no', 'stock no', 'stock number', 'style number',
    'artikelnummer', 'artikel nr', 'art nr', 'artnr', 'artikel no', 'artikelnr', 'art no', 'materialnummer', 'bestellnummer', 'teilenummer',
    'produktnummer', 'sachnummer', 'warennummer',
    'reference', 'ref', 'reference article', 'ref article', 'code article', 'no article', 'no d article', 'numero d article', 'numero article', 'code produit',
    'referencia', 'ref articulo', 'codigo articulo', 'codigo de articulo', 'codigo producto', 'codigo de producto', 'numero de articulo', 'codigo',
    'codice articolo', 'cod articolo', 'cod art', 'codice prodotto', 'codice', 'riferimento', 'numero articolo',
  ],
  product_name: [
    'product name', 'name', 'product', 'title', 'product title', 'item name', 'article name', 'short description', 'item description',
    'produktname', 'artikelname', 'bezeichnung', 'artikelbezeichnung', 'produktbezeichnung', 'titel', 'kurzbezeichnung', 'kurzbeschreibung', 'artikel',
    'nom', 'nom du produit', 'nom produit', 'designation', 'libelle', 'intitule', 'titre', 'nom de l article',
    'nombre', 'nombre del producto', 'nombre producto', 'denominacion', 'titulo', 'nombre del articulo', 'descripcion corta',
    'nome', 'nome prodotto', 'nome del prodotto', 'denominazione', 'titolo', 'descrizione breve', 'nome articolo',
  ],
  gtin: [
    'gtin', 'ean', 'upc', 'ean13', 'ean 13', 'ean8', 'gtin13', 'gtin 13', 'gtin14', 'gtin 14', 'gtin8', 'gtin12', 'upc a', 'ean code', 'ean upc',
    'gtin ean', 'ean gtin', 'barcode', 'bar code', 'ean nummer', 'ean nr', 'strichcode', 'code ean', 'code barre', 'code barres', 'code a barres',
    'codigo ean', 'codigo de barras', 'codice ean', 'codice a barre', 'jan', 'isbn',
  ],
  category_code: [
    'category', 'category code', 'product category', 'kategorie', 'produktkategorie', 'warengruppe', 'produktgruppe', 'categorie',
    'categorie produit', 'categoria', 'categoria producto', 'categoria prodotto', 'product type', 'produkttyp', 'type de produit', 'tipo de producto',
    'tipo di prodotto',
  ],
  external_sku_id: [
    'external id', 'external sku id', 'external sku', 'id', 'product id', 'item id', 'shop id', 'asin', 'shopify id', 'variant id',
    'artikel id', 'produkt id', 'externe id', 'id produit', 'identifiant', 'id producto', 'id prodotto', 'id articolo',
  ],
  model_number: [
    'model', 'model number', 'model no', 'model nr', 'mpn', 'manufacturer part number', 'type number', 'modell', 'modellnummer', 'modellbezeichnung',
    'typ', 'typenbezeichnung', 'typnummer', 'herstellernummer', 'herstellerartikelnummer', 'modele', 'reference modele', 'numero de modele', 'modelo',
    'numero de modelo', 'modello', 'numero di modello', 'codice modello',
  ],
  batch_or_serial_scheme: [
    'batch', 'lot', 'batch number', 'lot number', 'serial number', 'batch serial', 'charge', 'chargennummer', 'charge nr', 'seriennummer',
    'los', 'numero de lot', 'lot serie', 'lote', 'numero de lote', 'numero de serie', 'lotto', 'numero di lotto', 'numero di serie',
  ],
  product_image_url: [
    'image', 'image url', 'image link', 'main image', 'picture', 'photo', 'product image', 'bild', 'bild url', 'produktbild', 'bildlink', 'foto',
    'photo produit', 'imagen', 'imagen del producto', 'immagine', 'immagine prodotto', 'url immagine', 'url image', 'url bild',
  ],
  brand: ['brand', 'brand name', 'marke', 'markenname', 'marque', 'marca', 'marchio', 'label'],
  product_description: [
    'description', 'long description', 'product description', 'details', 'beschreibung', 'produktbeschreibung', 'langbeschreibung', 'langtext',
    'description longue', 'description produit', 'descripcion', 'descripcion larga', 'descripcion del producto', 'descrizione', 'descrizione prodotto',
    'descrizione lunga',
  ],
  target_markets: [
    'target markets', 'target market', 'markets', 'sales countries', 'countries of sale', 'zielmarkte', 'zielmarkt', 'zielmaerkte', 'zielland', 'zielländer', 'zielaender',
    'vertriebslander', 'absatzmarkte', 'marches cibles', 'marche cible', 'pays de vente', 'mercados', 'mercados de destino', 'paises de venta', 'mercati',
    'mercati di destinazione', 'paesi di vendita',
    // Plural and declined forms seen in real catalogues ("Märkte", "Zielmärkten", "Marchés", "Mercati").
    'markte', 'maerkte', 'markten', 'zielmarkten', 'zielmaerkten', 'absatzmarkt', 'absatzmarkten', 'vertriebslaender', 'vertriebsland', 'verkaufslander',
    'verkaufslaender', 'verkaufsland', 'lander', 'laender', 'zielmarktlander', 'marches', 'marche', 'marches de destination', 'pays cibles', 'pays de commercialisation',
    'mercado', 'mercados objetivo', 'paises de destino', 'mercato', 'mercati target', 'mercati di riferimento', 'paesi di destinazione', 'target countries',
    'sales markets', 'selling countries', 'destination markets', 'destination countries',
  ],
  ce_marking: ['ce', 'ce marking', 'ce mark', 'ce marked', 'ce kennzeichnung', 'ce kennzeichen', 'ce zeichen', 'marquage ce', 'marcado ce', 'marcatura ce', 'marchio ce'],
  other_marks: ['other marks', 'marks', 'markings', 'kennzeichnungen', 'weitere kennzeichnungen', 'pruefzeichen', 'prufzeichen', 'autres marquages', 'marquages', 'otros marcados', 'marcados', 'altre marcature', 'marcature'],
  applicable_legislation: [
    'applicable legislation', 'legislation', 'directives', 'eu directives', 'regulations', 'richtlinien', 'rechtsvorschriften', 'eu richtlinien',
    'directives applicables', 'legislation applicable', 'legislacion', 'legislacion aplicable', 'directivas', 'normativa', 'normativa applicabile', 'direttive',
  ],
  harmonised_standards: [
    'harmonised standards', 'harmonized standards', 'standards', 'applied standards', 'normen', 'angewandte normen', 'harmonisierte normen', 'normes',
    'normes harmonisees', 'normas', 'normas armonizadas', 'norme', 'norme armonizzate', 'en standards', 'en normen',
  ],
  country_of_origin: [
    'country of origin', 'origin', 'origin country', 'made in', 'coo', 'ursprungsland', 'herkunftsland', 'ursprung', 'herkunft', 'pays d origine', 'origine',
    'pays de fabrication', 'pais de origen', 'origen', 'pais de fabricacion', 'paese di origine', 'paese d origine', 'provenienza', 'paese di produzione',
  ],
  hs_code: [
    'hs code', 'hs', 'hs nr', 'customs tariff', 'customs tariff number', 'tariff code', 'commodity code', 'taric', 'cn code', 'zolltarifnummer', 'zolltarif',
    'warentarifnummer', 'statistische warennummer', 'code sh', 'code douanier', 'nomenclature douaniere', 'codigo arancelario', 'partida arancelaria',
    'codice doganale', 'voce doganale', 'nomenclatura combinata',
  ],
  age_grading: [
    'age', 'age grading', 'age range', 'recommended age', 'minimum age', 'altersangabe', 'alter', 'altersempfehlung', 'mindestalter', 'age recommande',
    'age minimum', 'edad', 'edad recomendada', 'edad minima', 'eta', 'fascia d eta', 'eta consigliata', 'eta minima',
  ],
  placed_on_market_date: [
    'placed on market', 'placed on the market', 'date placed on market', 'market date', 'launch date', 'first placed on market', 'datum des inverkehrbringens',
    'inverkehrbringen', 'inverkehrbringungsdatum', 'markteinfuhrung', 'date de mise sur le marche', 'mise sur le marche', 'fecha de comercializacion',
    'fecha de introduccion en el mercado', 'data di immissione sul mercato', 'immissione sul mercato',
  ],
  doc_issue_date: [
    'doc date', 'doc issue date', 'declaration date', 'declaration of conformity date', 'date of declaration', 'ausstellungsdatum', 'datum konformitatserklarung',
    'konformitatserklarung datum', 'date declaration de conformite', 'date de la declaration', 'fecha declaracion', 'fecha de la declaracion de conformidad',
    'data dichiarazione', 'data della dichiarazione di conformita',
  ],
  certificate_valid_until: [
    'certificate valid until', 'valid until', 'expiry', 'expiry date', 'expiration date', 'certificate expiry', 'gultig bis', 'zertifikat gultig bis',
    'ablaufdatum', 'valable jusqu au', 'date d expiration', 'valido hasta', 'fecha de caducidad', 'fecha de vencimiento', 'valido fino al', 'scadenza',
    'data di scadenza',
  ],
  rated_voltage: ['rated voltage', 'voltage', 'nennspannung', 'spannung', 'tension', 'tension nominale', 'tension nominal', 'voltaje', 'tensione', 'tensione nominale'],
  battery_type: ['battery', 'battery type', 'batteries', 'batterie', 'batterietyp', 'akku', 'akkutyp', 'type de pile', 'pile', 'piles', 'bateria', 'tipo de bateria', 'pila', 'batteria', 'tipo batteria', 'tipo di batteria'],
  cpnp_number: ['cpnp', 'cpnp number', 'cpnp no', 'cpnp nummer', 'cpnp nr', 'numero cpnp', 'cpnp reference'],
  ingredients_inci: ['ingredients', 'inci', 'ingredients inci', 'inci ingredients', 'bestandteile', 'inhaltsstoffe', 'ingredients liste', 'ingredientes', 'ingredienti'],
  ufi_code: ['ufi', 'ufi code', 'ufi nummer', 'code ufi', 'codigo ufi', 'codice ufi'],
  fibre_composition: [
    'fibre composition', 'fiber composition', 'material composition', 'composition', 'textile composition', 'faserzusammensetzung', 'materialzusammensetzung',
    'zusammensetzung', 'material', 'composition textile', 'composicion', 'composicion textil', 'composizione', 'composizione tessile',
  ],
};

/** Per-language fields: header words and the language they are written in. */
export const LOCALIZED_SYNONYMS: Record<'safety_warnings' | 'instructions', Record<SynonymLanguage, string[]>> = {
  safety_warnings: {
    en: ['warnings', 'warning', 'safety warnings', 'safety information', 'safety instructions', 'safety notes', 'cautions', 'warning text'],
    de: ['warnhinweise', 'warnhinweis', 'sicherheitshinweise', 'sicherheitshinweis', 'warnungen', 'sicherheitsinformationen', 'warntext'],
    fr: ['avertissements', 'avertissement', 'mises en garde', 'mise en garde', 'consignes de securite', 'informations de securite', 'precautions'],
    es: ['advertencias', 'advertencia', 'avisos de seguridad', 'informacion de seguridad', 'precauciones', 'indicaciones de seguridad'],
    it: ['avvertenze', 'avvertenza', 'avvertenze di sicurezza', 'informazioni di sicurezza', 'precauzioni', 'indicazioni di sicurezza'],
  },
  instructions: {
    en: ['instructions', 'instructions for use', 'directions', 'directions for use', 'usage instructions', 'user instructions', 'how to use'],
    de: ['gebrauchsanweisung', 'gebrauchsanleitung', 'bedienungsanleitung', 'anleitung', 'anwendungshinweise', 'anwendung', 'gebrauchshinweise'],
    fr: ['mode d emploi', 'notice', 'notice d utilisation', 'instructions d utilisation', 'conseils d utilisation', 'utilisation'],
    es: ['instrucciones', 'instrucciones de uso', 'modo de empleo', 'modo de uso', 'indicaciones de uso'],
    it: ['istruzioni', 'istruzioni per l uso', 'modo d uso', 'modalita d uso', 'istruzioni d uso'],
  },
};

/** Words that name an economic operator's role. */
export const ROLE_WORDS: Record<'manufacturer' | 'importer' | 'responsible_person', string[]> = {
  manufacturer: ['manufacturer', 'maker', 'producer', 'hersteller', 'herstellerin', 'fabricant', 'producteur', 'fabricante', 'productor', 'produttore', 'fabbricante'],
  importer: ['importer', 'importeur', 'importateur', 'importador', 'importatore', 'inverkehrbringer', 'einfuhrer', 'eu importer'],
  responsible_person: [
    'responsible person', 'eu responsible person', 'responsible economic operator', 'eu rp', 'rp', 'authorised representative', 'authorized representative',
    'eu representative', 'verantwortliche person', 'verantwortlicher', 'verantwortliche', 'bevollmachtigter', 'eu bevollmachtigter', 'wirtschaftsakteur',
    'personne responsable', 'mandataire', 'representant autorise', 'persona responsable', 'representante autorizado', 'persona responsabile',
    'rappresentante autorizzato', 'operatore economico responsabile',
  ],
};

/** Words that name an attribute of an operator. */
export const ATTRIBUTE_WORDS: Record<'name' | 'address' | 'country' | 'email' | 'url', string[]> = {
  name: ['name', 'firma', 'firmenname', 'company', 'company name', 'nom', 'raison sociale', 'societe', 'nombre', 'razon social', 'empresa', 'nome', 'ragione sociale', 'azienda', 'denominazione'],
  address: ['address', 'postal address', 'adresse', 'anschrift', 'postanschrift', 'strasse', 'street', 'adresse postale', 'direccion', 'direccion postal', 'domicilio', 'indirizzo', 'indirizzo postale', 'sede'],
  country: ['country', 'land', 'staat', 'pays', 'pais', 'paese', 'nazione', 'country code', 'landercode', 'laendercode'],
  email: ['email', 'e mail', 'mail', 'email address', 'e mail adresse', 'mailadresse', 'courriel', 'adresse e mail', 'correo', 'correo electronico', 'posta elettronica', 'indirizzo email', 'contact email', 'kontakt email'],
  url: ['url', 'website', 'web', 'homepage', 'webseite', 'internetseite', 'internet', 'site web', 'site internet', 'sitio web', 'pagina web', 'sito web', 'sito'],
};

/** Language names and codes that mark a per-language column ("Warnings (FR)", "Warnhinweise französisch"). */
export const LANGUAGE_WORDS: Record<string, string> = {
  english: 'en', englisch: 'en', anglais: 'en', ingles: 'en', inglese: 'en',
  german: 'de', deutsch: 'de', allemand: 'de', aleman: 'de', tedesco: 'de',
  french: 'fr', franzosisch: 'fr', francais: 'fr', frances: 'fr', francese: 'fr',
  spanish: 'es', spanisch: 'es', espagnol: 'es', espanol: 'es', spagnolo: 'es',
  italian: 'it', italienisch: 'it', italien: 'it', italiano: 'it',
  dutch: 'nl', niederlandisch: 'nl', polish: 'pl', polnisch: 'pl', portuguese: 'pt', swedish: 'sv', danish: 'da', czech: 'cs',
};
