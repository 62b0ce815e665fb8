// Inline wrappers for jansson's function-like macros, which Swift cannot import.
// Nothing else belongs here: all other jansson API is imported directly.
#ifndef CJANSSON_SHIM_H
#define CJANSSON_SHIM_H

#include <jansson.h>

static inline json_type cjansson_typeof(const json_t *json) { return json_typeof(json); }
static inline json_t *cjansson_boolean(int value) { return json_boolean(value); }
static inline void cjansson_decref(json_t *json) { json_decref(json); }
static inline enum json_error_code cjansson_error_code(const json_error_t *error) {
  return json_error_code(error);
}
static inline size_t cjansson_real_precision(int digits) { return JSON_REAL_PRECISION(digits); }

#endif
