//! The course's INI configs as Python's `configparser` with `ExtendedInterpolation`
//! reads them: `[section]`, `key = value` or `key: value`, keys case-insensitive,
//! `#`/`;` comment lines, `${section:key}` and `${key}` references. Numbers may be a
//! product such as `20*35` (what `${a}*${b}` becomes). A ` #` comment after a value is
//! dropped (one course config has one).

use crate::error::ParseError;
use indexmap::IndexMap;

/// The longest value after `${...}` references are expanded, in bytes: references
/// that fan out (a key using another ten times, which uses another ten times, ...)
/// stop here instead of growing exponentially.
pub const MAX_EXPANDED_LEN: usize = 64 * 1024;

/// The deepest chain of references followed (a deeper one is taken for a cycle).
pub const MAX_REFERENCE_DEPTH: usize = 10;

/// Why an expansion stopped.
enum Expand {
    /// A malformed or missing reference.
    Error(ParseError),
    /// The expanded value grew past [`MAX_EXPANDED_LEN`].
    TooLong,
}

impl From<ParseError> for Expand {
    fn from(e: ParseError) -> Self {
        Expand::Error(e)
    }
}

/// A value and the line it came from.
#[derive(Clone, Debug, PartialEq)]
struct Entry {
    raw: String,
    line: usize,
}

/// A parsed INI file.
///
/// ```
/// use gridlab::games::gpac::Ini;
/// let ini = Ini::parse("[a]\nh = 20\nw = 35\n[b]\nlength = ${a:h}*${a:w}\n").unwrap();
/// assert_eq!(ini.get("b", "length").unwrap().as_deref(), Some("20*35"));
/// assert_eq!(ini.number("b", "length").unwrap(), Some(700.0));
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Ini {
    sections: IndexMap<String, IndexMap<String, Entry>>,
}

impl Ini {
    /// Parse INI text; errors name the line and column.
    pub fn parse(text: &str) -> Result<Ini, ParseError> {
        let mut ini = Ini::default();
        let mut section: Option<String> = None;
        for (i, raw) in text.lines().enumerate() {
            let no = i + 1;
            let line = raw.trim_end_matches('\r');
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with(';') {
                continue;
            }
            if let Some(rest) = trimmed.strip_prefix('[') {
                let name = rest.strip_suffix(']').ok_or_else(|| {
                    ParseError::new(no, line.len() + 1, "a section header must end with ']'")
                })?;
                ini.sections.entry(name.to_string()).or_default();
                section = Some(name.to_string());
                continue;
            }
            let Some(split) = trimmed.find(['=', ':']) else {
                return Err(ParseError::new(
                    no,
                    1,
                    format!(
                        "expected 'key = value' or a [section], found '{}'",
                        crate::error::excerpt(trimmed)
                    ),
                ));
            };
            let name = section
                .as_ref()
                .ok_or_else(|| ParseError::new(no, 1, "a key before the first [section]"))?;
            let key = trimmed[..split].trim().to_lowercase();
            let mut value = trimmed[split + 1..].trim();
            if let Some(at) = value.find(" #").or_else(|| value.find(" ;")) {
                value = value[..at].trim_end();
            }
            ini.sections[name.as_str()].insert(
                key,
                Entry {
                    raw: value.to_string(),
                    line: no,
                },
            );
        }
        Ok(ini)
    }

    /// Whether a section exists.
    pub fn has_section(&self, section: &str) -> bool {
        self.sections.contains_key(section)
    }

    /// The line of a key, for messages (0 if absent).
    pub fn line_of(&self, section: &str, key: &str) -> usize {
        self.sections
            .get(section)
            .and_then(|s| s.get(&key.to_lowercase()))
            .map_or(0, |e| e.line)
    }

    /// The interpolated value of `section:key`, or `None` if absent.
    pub fn get(&self, section: &str, key: &str) -> Result<Option<String>, ParseError> {
        let mut budget = MAX_EXPANDED_LEN;
        let top = (section, key.to_lowercase());
        self.resolve(section, &top.1, 0, &mut budget)
            .map_err(|e| match e {
                Expand::Error(e) => e,
                Expand::TooLong => ParseError::new(
                    self.line_of(section, &top.1).max(1),
                    1,
                    format!(
                        "[{section}] {}: the value expands to more than {MAX_EXPANDED_LEN} bytes",
                        top.1
                    ),
                ),
            })
    }

    fn resolve(
        &self,
        section: &str,
        key: &str,
        depth: usize,
        budget: &mut usize,
    ) -> Result<Option<String>, Expand> {
        let Some(entry) = self.sections.get(section).and_then(|s| s.get(key)) else {
            return Ok(None);
        };
        if depth > MAX_REFERENCE_DEPTH {
            return Err(ParseError::new(
                entry.line,
                1,
                format!(
                    "[{section}] {key}: references nest more than {MAX_REFERENCE_DEPTH} deep (a cycle?)"
                ),
            )
            .into());
        }
        let mut out = String::new();
        let push = |out: &mut String, text: &str, budget: &mut usize| {
            *budget = budget.checked_sub(text.len()).ok_or(Expand::TooLong)?;
            out.push_str(text);
            Ok::<(), Expand>(())
        };
        let mut rest = entry.raw.as_str();
        while let Some(at) = rest.find('$') {
            push(&mut out, &rest[..at], budget)?;
            let after = &rest[at + 1..];
            if let Some(stripped) = after.strip_prefix('$') {
                push(&mut out, "$", budget)?;
                rest = stripped;
                continue;
            }
            let column = entry.raw.len() - rest.len() + at + 1;
            let inner = after
                .strip_prefix('{')
                .and_then(|a| a.find('}').map(|end| &a[..end]))
                .ok_or_else(|| {
                    ParseError::new(
                        entry.line,
                        column,
                        format!("[{section}] {key}: bad reference, use ${{section:key}}"),
                    )
                })?;
            let (ref_section, ref_key) = match inner.split_once(':') {
                Some((s, k)) => (s, k.to_lowercase()),
                None => (section, inner.to_lowercase()),
            };
            let value = self
                .resolve(ref_section, &ref_key, depth + 1, budget)?
                .ok_or_else(|| {
                    ParseError::new(
                        entry.line,
                        column,
                        format!("[{section}] {key}: ${{{inner}}} refers to a missing key"),
                    )
                })?;
            out.push_str(&value);
            rest = &after[inner.len() + 2..];
        }
        push(&mut out, rest, budget)?;
        Ok(Some(out))
    }

    /// A number (or a product of numbers such as `20*35`); `None` if absent.
    pub fn number(&self, section: &str, key: &str) -> Result<Option<f64>, ParseError> {
        let Some(value) = self.get(section, key)? else {
            return Ok(None);
        };
        let mut product = 1.0;
        for factor in value.split('*') {
            product *= factor.trim().parse::<f64>().map_err(|_| {
                ParseError::new(
                    self.line_of(section, key),
                    1,
                    format!("[{section}] {key}: '{value}' is not a number"),
                )
            })?;
        }
        Ok(Some(product))
    }

    /// A boolean as configparser reads one (`true/false`, `yes/no`, `on/off`, `1/0`).
    pub fn boolean(&self, section: &str, key: &str) -> Result<Option<bool>, ParseError> {
        let Some(value) = self.get(section, key)? else {
            return Ok(None);
        };
        match value.to_lowercase().as_str() {
            "1" | "yes" | "true" | "on" => Ok(Some(true)),
            "0" | "no" | "false" | "off" => Ok(Some(false)),
            _ => Err(ParseError::new(
                self.line_of(section, key),
                1,
                format!("[{section}] {key}: '{value}' is not a boolean (True or False)"),
            )),
        }
    }
}
