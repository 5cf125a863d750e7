//! Product search over an in-RAM tantivy index: name, SKU, summary,
//! description and specification values (SPEC §4.4).
//!
//! - every query word must match (AND); when nothing matches, any word may
//!   match and the result is flagged approximate;
//! - words of 5 or more letters also match with one edit (typo tolerance:
//!   "routr" finds routers, "acess point" finds access points);
//! - English stemming, so "routers" and "router" are the same word;
//! - an exact SKU (of a product or one of its variants) ranks first;
//! - [`SearchIndex::suggest`] completes the last word as a prefix.
//!
//! Documents are identified by a caller-chosen `ord` (the read model's dense
//! product ordinal), stored as a fast field.

use std::collections::HashMap;
use tantivy::collector::{Collector, SegmentCollector};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{FAST, Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::tokenizer::{
    AsciiFoldingFilter, Language, LowerCaser, RawTokenizer, RemoveLongFilter, SimpleTokenizer,
    Stemmer, TextAnalyzer, TokenStream,
};
use tantivy::{
    DocId, Index, IndexReader, ReloadPolicy, Score, SegmentReader, TantivyDocument, Term,
};

/// Words shorter than this must match exactly.
pub const FUZZY_MIN_LEN: usize = 5;
/// Most words of a query that are used.
const MAX_WORDS: usize = 8;

const EN: &str = "uplink_en";
const PLAIN: &str = "uplink_plain";
const RAW: &str = "uplink_raw";

/// Filler words ignored in queries (unless the query has nothing else).
const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "for", "in", "of", "on", "or", "the", "to", "with", "by", "at", "from",
];

/// What the index knows about one product.
#[derive(Debug, Clone, Default, Hash)]
pub struct SearchDoc {
    pub ord: u32,
    pub name: String,
    /// The product's SKU and its variants' SKUs.
    pub skus: Vec<String>,
    pub summary: String,
    pub description: String,
    /// Specification values (and names), joined.
    pub specs: String,
    /// Brand, type and category names.
    pub facets: String,
}

#[derive(Debug, thiserror::Error)]
#[error("search index: {0}")]
pub struct SearchError(#[from] tantivy::TantivyError);

/// Results of one query.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hits {
    /// `(ord, score)`, best first.
    pub hits: Vec<(u32, f32)>,
    /// True when no document matched every word and these match only some.
    pub approximate: bool,
}

#[derive(Clone, Copy)]
struct Fields {
    ord: Field,
    sku: Field,
    name: Field,
    name_plain: Field,
    body: Field,
}

pub struct SearchIndex {
    reader: IndexReader,
    fields: Fields,
    en: TextAnalyzer,
    plain: TextAnalyzer,
    exact_sku: HashMap<String, u32>,
    docs: usize,
    /// What the index was built from ([`fingerprint`]), so a rebuild from
    /// the same documents can keep this index instead.
    fingerprint: u64,
}

/// A digest of the documents an index is built from: equal documents give
/// equal digests, so a catalogue change that touched no searchable text
/// (a price, stock, a store's assortment) keeps the index it has.
pub fn fingerprint(docs: &[SearchDoc]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    docs.hash(&mut hasher);
    hasher.finish()
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("docs", &self.docs)
            .finish()
    }
}

fn en_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .filter(Stemmer::new(Language::English))
        .build()
}

fn plain_analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default())
        .filter(RemoveLongFilter::limit(40))
        .filter(LowerCaser)
        .filter(AsciiFoldingFilter)
        .build()
}

fn tokens(analyzer: &mut TextAnalyzer, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut stream = analyzer.token_stream(text);
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

impl SearchIndex {
    /// Builds the index from documents (one commit, in RAM).
    /// `previous` when it was built from the same documents, else a new
    /// index. Building 10,000 products' index is most of a catalogue
    /// rebuild's time; a burst of price edits rebuilds the catalogue several
    /// times a second and needs none of it.
    pub fn build_unless_same(
        docs: Vec<SearchDoc>,
        previous: Option<&std::sync::Arc<SearchIndex>>,
    ) -> Result<std::sync::Arc<SearchIndex>, SearchError> {
        let digest = fingerprint(&docs);
        match previous {
            Some(p) if p.fingerprint == digest => Ok(std::sync::Arc::clone(p)),
            _ => Ok(std::sync::Arc::new(SearchIndex::build_with(docs, digest)?)),
        }
    }

    pub fn build(docs: Vec<SearchDoc>) -> Result<SearchIndex, SearchError> {
        let digest = fingerprint(&docs);
        SearchIndex::build_with(docs, digest)
    }

    fn build_with(docs: Vec<SearchDoc>, fingerprint: u64) -> Result<SearchIndex, SearchError> {
        let mut builder = Schema::builder();
        let text = |tokenizer: &str| {
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(tokenizer)
                    .set_index_option(IndexRecordOption::WithFreqs),
            )
        };
        let fields = Fields {
            ord: builder.add_u64_field("ord", FAST),
            sku: builder.add_text_field("sku", text(RAW)),
            name: builder.add_text_field("name", text(EN)),
            name_plain: builder.add_text_field("name_plain", text(PLAIN)),
            body: builder.add_text_field("body", text(EN)),
        };
        let index = Index::create_in_ram(builder.build());
        index.tokenizers().register(EN, en_analyzer());
        index.tokenizers().register(PLAIN, plain_analyzer());
        index.tokenizers().register(
            RAW,
            TextAnalyzer::builder(RawTokenizer::default())
                .filter(LowerCaser)
                .build(),
        );
        let mut writer = index.writer_with_num_threads::<TantivyDocument>(1, 15_000_000)?;
        let mut exact_sku = HashMap::new();
        let mut count = 0;
        for d in docs {
            let mut doc = TantivyDocument::default();
            doc.add_u64(fields.ord, u64::from(d.ord));
            for sku in &d.skus {
                doc.add_text(fields.sku, sku);
                exact_sku.entry(sku.to_ascii_lowercase()).or_insert(d.ord);
            }
            doc.add_text(fields.name, &d.name);
            doc.add_text(fields.name_plain, &d.name);
            doc.add_text(fields.name_plain, d.skus.join(" "));
            doc.add_text(fields.body, d.skus.join(" "));
            doc.add_text(fields.body, &d.summary);
            doc.add_text(fields.body, &d.description);
            doc.add_text(fields.body, &d.specs);
            doc.add_text(fields.body, &d.facets);
            writer.add_document(doc)?;
            count += 1;
        }
        writer.commit()?;
        writer.wait_merging_threads()?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()?;
        Ok(SearchIndex {
            reader,
            fields,
            en: en_analyzer(),
            plain: plain_analyzer(),
            exact_sku,
            docs: count,
            fingerprint,
        })
    }

    pub fn len(&self) -> usize {
        self.docs
    }

    pub fn is_empty(&self) -> bool {
        self.docs == 0
    }

    /// The product whose (or whose variant's) SKU is exactly `q`.
    pub fn exact_sku(&self, q: &str) -> Option<u32> {
        self.exact_sku.get(&q.trim().to_ascii_lowercase()).copied()
    }

    /// The query's words: plain form and stem, filler words dropped.
    fn words(&self, q: &str) -> Vec<(String, String)> {
        let mut plain = self.plain.clone();
        let mut en = self.en.clone();
        let all: Vec<String> = tokens(&mut plain, q).into_iter().take(MAX_WORDS).collect();
        let kept: Vec<String> = all
            .iter()
            .filter(|w| !STOP_WORDS.contains(&w.as_str()))
            .cloned()
            .collect();
        let words = if kept.is_empty() { all } else { kept };
        words
            .into_iter()
            .map(|w| {
                let stem = tokens(&mut en, &w)
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| w.clone());
                (w, stem)
            })
            .collect()
    }

    /// A query matching one word in any field, with typo tolerance.
    fn word_query(&self, plain: &str, stem: &str, prefix: bool) -> Box<dyn Query> {
        let f = self.fields;
        let term = |field, text: &str| Term::from_field_text(field, text);
        let boosted = |q: Box<dyn Query>, b: Score| -> (Occur, Box<dyn Query>) {
            (Occur::Should, Box::new(BoostQuery::new(q, b)))
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![
            boosted(
                Box::new(TermQuery::new(
                    term(f.name, stem),
                    IndexRecordOption::WithFreqs,
                )),
                3.0,
            ),
            boosted(
                Box::new(TermQuery::new(
                    term(f.body, stem),
                    IndexRecordOption::WithFreqs,
                )),
                1.0,
            ),
        ];
        let long = plain.chars().count() >= FUZZY_MIN_LEN;
        if long {
            clauses.push(boosted(
                Box::new(FuzzyTermQuery::new(term(f.name, stem), 1, true)),
                1.5,
            ));
            clauses.push(boosted(
                Box::new(FuzzyTermQuery::new(term(f.body, stem), 1, true)),
                0.4,
            ));
        }
        if prefix {
            clauses.push(boosted(
                Box::new(FuzzyTermQuery::new_prefix(
                    term(f.name_plain, plain),
                    0,
                    false,
                )),
                2.0,
            ));
            if long {
                clauses.push(boosted(
                    Box::new(FuzzyTermQuery::new_prefix(
                        term(f.name_plain, plain),
                        1,
                        true,
                    )),
                    0.8,
                ));
            }
        }
        Box::new(BooleanQuery::new(clauses))
    }

    fn run(&self, query: &dyn Query) -> Result<Vec<(u32, f32)>, SearchError> {
        let searcher = self.reader.searcher();
        let mut hits = searcher.search(query, &AllHits)?;
        hits.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        Ok(hits)
    }

    fn combine(&self, q: &str, prefix_last: bool, occur: Occur) -> Option<Box<dyn Query>> {
        let words = self.words(q);
        if words.is_empty() {
            return None;
        }
        let n = words.len();
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = words
            .iter()
            .enumerate()
            .map(|(i, (plain, stem))| {
                (
                    occur,
                    self.word_query(plain, stem, prefix_last && i + 1 == n),
                )
            })
            .collect();
        let whole = q.trim().to_ascii_lowercase();
        if !whole.is_empty() {
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(TermQuery::new(
                        Term::from_field_text(self.fields.sku, &whole),
                        IndexRecordOption::Basic,
                    )),
                    50.0,
                )),
            ));
        }
        Some(Box::new(BooleanQuery::new(clauses)))
    }

    /// Every product matching `q`, best first; exact SKU first.
    pub fn search(&self, q: &str) -> Result<Hits, SearchError> {
        let Some(query) = self.combine(q, false, Occur::Must) else {
            return Ok(Hits::default());
        };
        let mut hits = self.run(query.as_ref())?;
        let mut approximate = false;
        if hits.is_empty()
            && self.words(q).len() > 1
            && let Some(any) = self.combine(q, false, Occur::Should)
        {
            hits = self.run(any.as_ref())?;
            approximate = !hits.is_empty();
        }
        self.sku_first(q, &mut hits);
        Ok(Hits { hits, approximate })
    }

    /// Completions for a partly typed query: the last word is a prefix.
    pub fn suggest(&self, q: &str, limit: usize) -> Result<Vec<(u32, f32)>, SearchError> {
        let Some(query) = self.combine(q, true, Occur::Must) else {
            return Ok(Vec::new());
        };
        let mut hits = self.run(query.as_ref())?;
        self.sku_first(q, &mut hits);
        hits.truncate(limit);
        Ok(hits)
    }

    fn sku_first(&self, q: &str, hits: &mut Vec<(u32, f32)>) {
        if let Some(ord) = self.exact_sku(q) {
            hits.retain(|(o, _)| *o != ord);
            hits.insert(0, (ord, f32::MAX));
        }
    }
}

/// Collects every matching document with its score.
struct AllHits;

struct AllHitsSegment {
    ords: tantivy::columnar::Column<u64>,
    hits: Vec<(u32, f32)>,
}

impl Collector for AllHits {
    type Fruit = Vec<(u32, f32)>;
    type Child = AllHitsSegment;

    fn for_segment(&self, _: u32, segment: &SegmentReader) -> tantivy::Result<AllHitsSegment> {
        Ok(AllHitsSegment {
            ords: segment.fast_fields().u64("ord")?,
            hits: Vec::new(),
        })
    }

    fn requires_scoring(&self) -> bool {
        true
    }

    fn merge_fruits(&self, fruits: Vec<Vec<(u32, f32)>>) -> tantivy::Result<Vec<(u32, f32)>> {
        Ok(fruits.into_iter().flatten().collect())
    }
}

impl SegmentCollector for AllHitsSegment {
    type Fruit = Vec<(u32, f32)>;

    fn collect(&mut self, doc: DocId, score: Score) {
        if let Some(ord) = self.ords.first(doc) {
            self.hits.push((ord as u32, score));
        }
    }

    fn harvest(self) -> Vec<(u32, f32)> {
        self.hits
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(ord: u32, name: &str, sku: &str, summary: &str) -> SearchDoc {
        SearchDoc {
            ord,
            name: name.into(),
            skus: vec![sku.into()],
            summary: summary.into(),
            ..SearchDoc::default()
        }
    }

    fn index() -> SearchIndex {
        SearchIndex::build(vec![
            doc(
                0,
                "Pepwave MAX BR1 Mini",
                "MAX-BR1-MINI",
                "Compact LTE router for kiosks",
            ),
            doc(
                1,
                "Uplink AirPoint 6",
                "UL-AIRPOINT6",
                "Wi-Fi 6 access point for offices",
            ),
            doc(
                2,
                "Pepwave AP One AX",
                "AP-ONE-AX",
                "Enterprise access point",
            ),
            doc(
                3,
                "Uplink Switch 8 PoE+",
                "UL-SW8-POE",
                "Fanless switch that powers access points",
            ),
            doc(
                4,
                "Uplink Branch 500",
                "UL-BRANCH-500",
                "SD-WAN branch routers for offices",
            ),
            doc(
                5,
                "SpeedFusion Cloud 100 GB",
                "SFC-100GB-1Y",
                "Bonded cloud data plan",
            ),
        ])
        .unwrap()
    }

    fn ords(h: &[(u32, f32)]) -> Vec<u32> {
        h.iter().map(|(o, _)| *o).collect()
    }

    #[test]
    fn plural_and_singular_match_through_stemming() {
        let ix = index();
        let h = ix.search("routers").unwrap();
        assert_eq!(ords(&h.hits).len(), 2);
        assert!(!h.approximate);
    }

    #[test]
    fn one_typo_in_a_long_word_still_matches() {
        let ix = index();
        let h = ix.search("routr").unwrap();
        assert!(ords(&h.hits).contains(&0), "{h:?}");
        assert!(ords(&h.hits).contains(&4));
        let h = ix.search("acess point").unwrap();
        let o = ords(&h.hits);
        assert!(o.contains(&1) && o.contains(&2), "{h:?}");
        assert!(!o.contains(&0));
    }

    #[test]
    fn short_words_must_match_exactly() {
        let ix = index();
        assert!(ix.search("mimi").unwrap().hits.is_empty());
    }

    #[test]
    fn an_exact_sku_ranks_first() {
        let ix = index();
        let h = ix.search("ul-sw8-poe").unwrap();
        assert_eq!(h.hits[0].0, 3);
        assert_eq!(ix.exact_sku("UL-SW8-POE"), Some(3));
    }

    #[test]
    fn a_query_with_an_unknown_word_falls_back_to_any_word() {
        let ix = index();
        let h = ix.search("access zzzzzz").unwrap();
        assert!(h.approximate);
        assert!(!h.hits.is_empty());
    }

    #[test]
    fn suggestions_complete_the_last_word() {
        let ix = index();
        let s = ix.suggest("airp", 8).unwrap();
        assert_eq!(ords(&s), vec![1]);
        let s = ix.suggest("pepwave m", 8).unwrap();
        assert_eq!(ords(&s)[0], 0);
        assert!(ix.suggest("", 8).unwrap().is_empty());
    }
}
