// The body type of the requests the server parses: Beast's string_body, except that its reader
// appends what arrives instead of resizing the string first. Resizing writes every byte twice,
// zeros and then the body: 5 % of a 64 KB PutItem's CPU went to that memset (perf, under
// bench/lua/large_put.lua). Server-private: includes Beast.
#pragma once

#include <boost/beast/core/buffer_traits.hpp>
#include <boost/beast/core/buffers_range.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/optional.hpp>
#include <cstdint>
#include <string>

namespace minnow::server {

struct RequestBody {
  using value_type = std::string;

  static std::uint64_t size(const value_type& body) { return body.size(); }

  class reader {
   public:
    template <bool isRequest, class Fields>
    explicit reader(boost::beast::http::header<isRequest, Fields>&, value_type& body) : body_(body) {}

    void init(const boost::optional<std::uint64_t>& length, boost::beast::error_code& ec) {
      ec = {};
      if (!length) return;
      if (*length > body_.max_size()) {
        ec = boost::beast::http::error::buffer_overflow;
        return;
      }
      body_.reserve(static_cast<std::size_t>(*length));
    }

    template <class ConstBufferSequence>
    std::size_t put(const ConstBufferSequence& buffers, boost::beast::error_code& ec) {
      const std::size_t bytes = boost::beast::buffer_bytes(buffers);
      if (bytes > body_.max_size() - body_.size()) {
        ec = boost::beast::http::error::buffer_overflow;
        return 0;
      }
      ec = {};
      for (const auto b : boost::beast::buffers_range_ref(buffers)) body_.append(static_cast<const char*>(b.data()), b.size());
      return bytes;
    }

    void finish(boost::beast::error_code& ec) { ec = {}; }

   private:
    value_type& body_;
  };

  // Requests are only parsed, but tests serialize them too.
  using writer = boost::beast::http::string_body::writer;
};

}  // namespace minnow::server
