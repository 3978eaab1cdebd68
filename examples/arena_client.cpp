// A sample Arena client in C++17: the standard library and POSIX sockets, one file.
//
// Connects to a gridlab Arena server, says hello, and each step heads for the nearest
// pellet by a breadth-first search over the maze, avoiding cells next to a ghost (the
// same strategy as examples/arena_client.py).
//
//     g++ -O2 -std=c++17 -o arena_client examples/arena_client.cpp
//     ./arena_client [HOST [PORT [NAME]]]
//
// HOST, PORT and NAME default to the environment variables ARENA_HOST, ARENA_PORT and
// ARENA_NAME (as `gridlab arena tournament` sets them), else 127.0.0.1, 7777, "cpp";
// ARENA_TOKEN, when set, goes with the hello (a tournament keeps the seat for it).
// The protocol is in docs/arena-protocol.md.

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <map>
#include <memory>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace {

// ---- a small JSON reader (what the protocol sends: objects, arrays, numbers, strings,
// true, false, null) ------------------------------------------------------------------

struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  double number = 0;
  std::string text;
  std::vector<Json> items;
  std::map<std::string, Json> fields;

  const Json* get(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? nullptr : &it->second;
  }
  int integer() const { return static_cast<int>(number); }
};

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}

  Json value() {
    space();
    if (at_ >= s_.size()) throw std::runtime_error("unexpected end of JSON");
    char c = s_[at_];
    Json j;
    if (c == '{') {
      j.kind = Json::Object;
      ++at_;
      space();
      if (peek() == '}') return ++at_, j;
      for (;;) {
        space();
        std::string key = string();
        space();
        expect(':');
        j.fields[key] = value();
        space();
        if (peek() == ',') { ++at_; continue; }
        expect('}');
        return j;
      }
    }
    if (c == '[') {
      j.kind = Json::Array;
      ++at_;
      space();
      if (peek() == ']') return ++at_, j;
      for (;;) {
        j.items.push_back(value());
        space();
        if (peek() == ',') { ++at_; continue; }
        expect(']');
        return j;
      }
    }
    if (c == '"') {
      j.kind = Json::String;
      j.text = string();
      return j;
    }
    if (s_.compare(at_, 4, "true") == 0) { at_ += 4; j.kind = Json::Bool; j.boolean = true; return j; }
    if (s_.compare(at_, 5, "false") == 0) { at_ += 5; j.kind = Json::Bool; return j; }
    if (s_.compare(at_, 4, "null") == 0) { at_ += 4; return j; }
    std::size_t used = 0;
    j.kind = Json::Number;
    j.number = std::stod(s_.substr(at_), &used);
    at_ += used;
    return j;
  }

 private:
  char peek() const { return at_ < s_.size() ? s_[at_] : '\0'; }
  void space() { while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_]))) ++at_; }
  void expect(char c) {
    if (peek() != c) throw std::runtime_error(std::string("expected '") + c + "' in JSON");
    ++at_;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (at_ < s_.size() && s_[at_] != '"') {
      char c = s_[at_++];
      if (c == '\\' && at_ < s_.size()) {
        char e = s_[at_++];
        if (e == 'u') { at_ += 4; out += '?'; } // names only: no need to decode
        else out += (e == 'n' ? '\n' : e == 't' ? '\t' : e);
      } else {
        out += c;
      }
    }
    expect('"');
    return out;
  }

  const std::string& s_;
  std::size_t at_ = 0;
};

// ---- the strategy -------------------------------------------------------------------

constexpr int SIDE = 16;
constexpr int CELL = 25;

struct Step {
  const char* word;
  int bit, dx, dy;
};
// Open-side bits and steps: up 1, right 2, down 4, left 8 (y grows downwards).
constexpr Step STEPS[4] = {{"U", 1, 0, -1}, {"R", 2, 1, 0}, {"D", 4, 0, 1}, {"L", 8, -1, 0}};

/// The cell whose centre a unit at (x, y) heading `dir` reaches next.
std::pair<int, int> next_centre(int x, int y, const std::string& dir) {
  int cx = x / CELL, cy = y / CELL;
  int ox = x % CELL - CELL / 2, oy = y % CELL - CELL / 2;
  bool past = (dir == "R" && ox > 0) || (dir == "L" && ox < 0) || (dir == "D" && oy > 0) || (dir == "U" && oy < 0);
  if (past) {
    for (const Step& s : STEPS) {
      if (dir == s.word) return {cx + s.dx, cy + s.dy};
    }
  }
  return {cx, cy};
}

/// The first step of a shortest path to the nearest pellet avoiding cells next to a
/// ghost, or "" (keep going).
std::string choose(const Json& state, const std::vector<int>& maze, int me) {
  const Json& player = state.get("players")->items.at(me);
  if (player.get("wait")->integer() > 0) return "";
  const Json* dir = player.get("dir");
  auto start = next_centre(player.get("x")->integer(), player.get("y")->integer(),
                           dir && dir->kind == Json::String ? dir->text : "");
  std::set<std::pair<int, int>> near_ghost;
  for (const Json& g : state.get("ghosts")->items) {
    if (g.get("wait")->integer() != 0) continue;
    int gx = g.get("x")->integer() / CELL, gy = g.get("y")->integer() / CELL;
    near_ghost.insert({gx, gy});
    for (const Step& s : STEPS) near_ghost.insert({gx + s.dx, gy + s.dy});
  }
  std::set<std::pair<int, int>> pellets;
  for (const char* key : {"pellets", "power"}) {
    for (const Json& c : state.get(key)->items) pellets.insert({c.integer() % SIDE, c.integer() / SIDE});
  }
  // Breadth first; `came` holds (the step's word, the cell it came from).
  std::map<std::pair<int, int>, std::pair<std::string, std::pair<int, int>>> came;
  came[start] = {"", start};
  std::deque<std::pair<int, int>> queue{start};
  while (!queue.empty()) {
    auto cell = queue.front();
    queue.pop_front();
    if (cell != start && pellets.count(cell)) {
      while (came[cell].second != start) cell = came[cell].second;
      return came[cell].first;
    }
    auto [x, y] = cell;
    if (x < 0 || y < 0 || x >= SIDE || y >= SIDE) continue;
    for (const Step& s : STEPS) {
      std::pair<int, int> next{x + s.dx, y + s.dy};
      if ((maze[y * SIDE + x] & s.bit) && !came.count(next) && !near_ghost.count(next)) {
        came[next] = {s.word, cell};
        queue.push_back(next);
      }
    }
  }
  return "";
}

// ---- the connection -------------------------------------------------------------------

int connect_to(const std::string& host, const std::string& port) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0) throw std::runtime_error("cannot resolve " + host);
  int fd = -1;
  for (addrinfo* a = found; a; a = a->ai_next) {
    fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
    if (fd >= 0 && connect(fd, a->ai_addr, a->ai_addrlen) == 0) break;
    if (fd >= 0) close(fd);
    fd = -1;
  }
  freeaddrinfo(found);
  if (fd < 0) throw std::runtime_error("cannot connect to " + host + ":" + port);
  return fd;
}

void send_line(int fd, const std::string& line) {
  std::string out = line + "\n";
  std::size_t sent = 0;
  while (sent < out.size()) {
    ssize_t n = send(fd, out.data() + sent, out.size() - sent, 0);
    if (n <= 0) throw std::runtime_error("the server closed the connection");
    sent += static_cast<std::size_t>(n);
  }
}

std::string arg_or_env(int argc, char** argv, int i, const char* env, const char* fallback) {
  if (argc > i) return argv[i];
  const char* v = std::getenv(env);
  return v ? v : fallback;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    std::string host = arg_or_env(argc, argv, 1, "ARENA_HOST", "127.0.0.1");
    std::string port = arg_or_env(argc, argv, 2, "ARENA_PORT", "7777");
    std::string name = arg_or_env(argc, argv, 3, "ARENA_NAME", "cpp");
    int fd = connect_to(host, port);
    // In a tournament the seat is kept for the token in ARENA_TOKEN (hex digits).
    const char* token = std::getenv("ARENA_TOKEN");
    std::string hello = "{\"hello\": \"" + name + "\"";
    if (token) hello += std::string(", \"token\": \"") + token + "\"";
    send_line(fd, hello + "}");
    int me = -1;
    std::vector<int> maze;
    std::string buffer;
    char chunk[65536];
    for (;;) {
      ssize_t n = recv(fd, chunk, sizeof chunk, 0);
      if (n <= 0) break;
      buffer.append(chunk, static_cast<std::size_t>(n));
      std::size_t end;
      while ((end = buffer.find('\n')) != std::string::npos) {
        std::string line = buffer.substr(0, end);
        buffer.erase(0, end + 1);
        if (line.empty()) continue;
        Json message = Reader(line).value();
        if (const Json* seat = message.get("welcome")) {
          me = seat->integer();
        } else if (const Json* tick = message.get("tick"); tick && me >= 0) {
          const Json& state = *message.get("state");
          if (const Json* m = state.get("maze")) {
            maze.clear();
            for (const Json& c : m->items) maze.push_back(c.integer());
          }
          std::string command = maze.size() == SIDE * SIDE ? choose(state, maze, me) : "";
          // Always answer, so a lock-step server need not wait: no "cmd" is "keep going".
          std::string reply = "{\"tick\": " + std::to_string(tick->integer());
          if (!command.empty()) reply += ", \"cmd\": \"" + command + "\"";
          send_line(fd, reply + "}");
        } else if (const Json* over = message.get("gameOver")) {
          std::fprintf(stderr, "game over: scores");
          for (const Json& s : over->get("scores")->items) std::fprintf(stderr, " %d", s.integer());
          std::fprintf(stderr, "\n");
          close(fd);
          return 0;
        }
      }
    }
    close(fd);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "arena_client: %s\n", e.what());
    return 1;
  }
}
