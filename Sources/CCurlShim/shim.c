#include "CCurlShim.h"

#include <stdlib.h>
#include <string.h>

typedef struct buffer {
  unsigned char *bytes;
  size_t length;
  size_t capacity;
  size_t limit;
} buffer;

static int buffer_append(buffer *into, const void *bytes, size_t count) {
  if (count > into->limit - into->length) return 0;
  if (into->length + count > into->capacity) {
    size_t capacity = into->capacity ? into->capacity : 16384;
    while (capacity < into->length + count) capacity *= 2;
    unsigned char *grown = realloc(into->bytes, capacity);
    if (grown == NULL) return 0;
    into->bytes = grown;
    into->capacity = capacity;
  }
  memcpy(into->bytes + into->length, bytes, count);
  into->length += count;
  return 1;
}

static size_t on_body(char *data, size_t size, size_t count, void *context) {
  return buffer_append(context, data, size * count) ? size * count : 0;
}

// Keeps the header lines of the last response only (a redirect or "100 Continue" starts over).
static size_t on_header(char *data, size_t size, size_t count, void *context) {
  buffer *head = context;
  size_t length = size * count;
  if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) head->length = 0;
  return buffer_append(head, data, length) ? length : 0;
}

int shelf_curl_global_init(void) { return curl_global_init(CURL_GLOBAL_DEFAULT) == CURLE_OK; }

CURL *shelf_curl_handle(void) { return curl_easy_init(); }

void shelf_curl_release(CURL *handle) { curl_easy_cleanup(handle); }

CURLcode shelf_curl_get(CURL *handle, const char *url, long timeout_ms, size_t max_body,
                        shelf_fetch_result *result) {
  memset(result, 0, sizeof *result);
  buffer body = {NULL, 0, 0, max_body};
  buffer head = {NULL, 0, 0, 256 * 1024};
  struct curl_slist *headers = curl_slist_append(NULL, "Accept: application/json");
  curl_easy_reset(handle);
  curl_easy_setopt(handle, CURLOPT_URL, url);
  curl_easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(handle, CURLOPT_TIMEOUT_MS, timeout_ms);
  curl_easy_setopt(handle, CURLOPT_CONNECTTIMEOUT_MS, timeout_ms);
  curl_easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
  curl_easy_setopt(handle, CURLOPT_USERAGENT, "shelf (TVmaze client)");
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, headers);
  curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_body);
  curl_easy_setopt(handle, CURLOPT_WRITEDATA, &body);
  curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, on_header);
  curl_easy_setopt(handle, CURLOPT_HEADERDATA, &head);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, result->detail);
  CURLcode code = curl_easy_perform(handle);
  curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
  curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &result->os_error);
  // The options point at this call's buffers: forget them before the handle is used again.
  curl_easy_setopt(handle, CURLOPT_HTTPHEADER, NULL);
  curl_easy_setopt(handle, CURLOPT_ERRORBUFFER, NULL);
  curl_slist_free_all(headers);
  result->body = body.bytes;
  result->body_length = body.length;
  result->head = head.bytes;
  result->head_length = head.length;
  return code;
}

void shelf_fetch_result_free(shelf_fetch_result *result) {
  free(result->body);
  free(result->head);
  result->body = NULL;
  result->head = NULL;
}
