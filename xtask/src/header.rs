//! The function declarations of `ze_api.h`: parameter names, their `[in]`/`[out]` tags and
//! each function's `@brief`, which bindgen's function-pointer typedefs do not carry.

use crate::Result;
use std::collections::BTreeMap;
use std::path::Path;

/// One parameter of a C function.
pub struct Param {
    /// The C name, e.g. `phContext`.
    pub name: String,
    /// The tags before its comment, e.g. `[in][optional]`.
    pub tags: String,
}

/// One C function.
pub struct Function {
    /// The `@brief` line.
    pub brief: String,
    /// Its parameters, in order.
    pub params: Vec<Param>,
}

/// Every `ZE_APIEXPORT <return type> ZE_APICALL name(...)` of the header, by name (nearly all
/// return `ze_result_t`; `zeDriverGetDefaultContext` returns a handle).
pub fn read(path: &Path) -> Result<BTreeMap<String, Function>> {
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("reading {}: {e}", path.display()))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut functions = BTreeMap::new();
    for (at, line) in lines.iter().enumerate() {
        let is_export = line
            .trim()
            .strip_prefix("ZE_APIEXPORT ")
            .is_some_and(|l| l.ends_with(" ZE_APICALL"));
        if !is_export {
            continue;
        }
        let Some(name) = lines.get(at + 1).and_then(|l| l.trim().strip_suffix('(')) else {
            return Err(format!(
                "{}:{}: expected `name(` after `{}`",
                path.display(),
                at + 2,
                line.trim()
            ));
        };
        let brief = lines[..at]
            .iter()
            .rev()
            .take_while(|l| l.starts_with("///"))
            .find_map(|l| l.strip_prefix("/// @brief "))
            .unwrap_or("")
            .trim()
            .to_string();
        let mut params = Vec::new();
        for line in &lines[at + 2..] {
            if line.trim_start().starts_with(");") {
                break;
            }
            let (code, comment) = line.split_once("///<").unwrap_or((line, ""));
            let code = code.trim().trim_end_matches(',').trim();
            if code.is_empty() {
                continue; // a comment's continuation line
            }
            let param = code
                .rsplit(|c: char| c.is_whitespace() || c == '*')
                .next()
                .filter(|p| !p.is_empty())
                .ok_or_else(|| format!("{name}: cannot read the parameter `{code}`"))?;
            let comment = comment.trim();
            params.push(Param {
                name: param.to_string(),
                tags: comment[..tags_len(comment)].to_string(),
            });
        }
        functions.insert(name.to_string(), Function { brief, params });
    }
    if functions.len() < 100 {
        return Err(format!(
            "only {} functions found in {}",
            functions.len(),
            path.display()
        ));
    }
    Ok(functions)
}

/// Length of the leading `[..][..]` tags of a comment.
fn tags_len(comment: &str) -> usize {
    let mut at = 0;
    while comment[at..].starts_with('[') {
        match comment[at..].find(']') {
            Some(end) => at += end + 1,
            None => break,
        }
    }
    at
}
