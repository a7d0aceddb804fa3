#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif
import Synchronization

/// Who `jf serve` answers: the person who started it, and nobody else on the machine or on the
/// web (docs/serve.md, "Security"). Three checks, in this order, on every request:
///
/// 1. **The name asked for.** One `Host` header, naming the address the server is bound to (or
///    the name given to `--host`) or `localhost`, with the bound port, compared whole. A page
///    elsewhere that makes its own name point here ("DNS rebinding": `127.0.0.1.evil.example`)
///    is refused, and so is an absolute-form request for another host (its authority replaces
///    `Host`, RFC 9112 §3.2.2, before this check).
/// 2. **The token.** A random value per run (24 bytes from the system's generator, printed in the
///    URL once), presented as the `?token=` of that URL, as `Authorization: Token …`, or as the
///    HttpOnly, SameSite=Strict cookie the first answer sets. Other local users and processes do
///    not know it; other sites cannot read it or make the browser send it.
/// 3. **A change comes from the page.** A request that is not GET or HEAD must carry
///    `X-JF-Request` (which another origin cannot send unasked), and its `Origin`, when present,
///    must be this server's.
final class Admission: Sendable {
    /// The run's token: 48 hexadecimal digits.
    let token: String
    /// The authorities (`host:port`, lower case) a request may name; set once the port is bound.
    private let bound = Mutex<Binding?>(nil)

    struct Binding: Sendable {
        var port: Int
        /// Lower-case authorities, `127.0.0.1:8080` and `[::1]:8080` forms.
        var authorities: Set<String>
        /// Bound to every address (`0.0.0.0`, `::`): any IP literal with the port is this server.
        var anyAddress: Bool
    }

    /// An admission with `token`, or with a new random one.
    init(token: String? = nil) {
        self.token = token ?? Self.randomToken()
    }

    /// 24 bytes (192 bits) from the system's generator (getrandom(2) or arc4random).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in
            let byte = UInt8.random(in: .min ... .max, using: &generator)
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
    }

    /// Records where the server listens: `host` as given to `--host`, `address` the IP it is
    /// bound to, `port` the bound port.
    func bind(host: String, address: String?, port: Int) {
        var names = ["localhost", Self.bracketed(host.lowercased())]
        if let address { names.append(Self.bracketed(address.lowercased())) }
        let wildcard = ["0.0.0.0", "::", "[::]"].contains(host) || address == "0.0.0.0" || address == "::"
        var authorities = Set(names.map { "\($0):\(port)" })
        // A browser leaves out the scheme's own port.
        if port == 80 { authorities.formUnion(names) }
        bound.withLock { $0 = Binding(port: port, authorities: authorities, anyAddress: wildcard) }
    }

    /// The cookie that carries the token: named after the port, since a browser shares cookies
    /// between the ports of one host.
    var cookieName: String {
        "jf-token-\(bound.withLock { $0?.port ?? 0 })"
    }

    /// The `Set-Cookie` value that hands the token to the browser.
    var cookie: String {
        "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict"
    }

    // MARK: The checks

    /// Whether `authority` (a `Host` value, `127.0.0.1:8080`) names this server.
    func admits(authority: String) -> Bool {
        guard let binding = bound.withLock({ $0 }) else { return false }
        let authority = authority.lowercased()
        if binding.authorities.contains(authority) { return true }
        guard binding.anyAddress, let colon = authority.lastIndex(of: ":"), authority[authority.index(after: colon)...] == "\(binding.port)"
        else { return false }
        return Self.isIPLiteral(String(authority[..<colon]))
    }

    /// Whether `origin` (an `Origin` value, `http://127.0.0.1:8080`) is this server's page.
    func admits(origin: String) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        let authority = origin.dropFirst("http://".count)
        return !authority.contains("/") && admits(authority: String(authority))
    }

    /// What a request presents of the token.
    enum Credential: Equatable {
        /// Nothing: the request is told how to get in (401).
        case none
        /// Something, but not this run's token (403).
        case wrong
        /// The token; `fromQuery` when it came in the URL, so the answer sets the cookie.
        case valid(fromQuery: Bool)
    }

    /// The token as presented by a request's `?token=`, `Authorization` and `Cookie` values.
    func credential(query: String?, authorization: [String], cookies: [String]) -> Credential {
        var presented = false
        if let query {
            if matches(query) { return .valid(fromQuery: true) }
            presented = true
        }
        for value in authorization {
            let parts = value.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, ["token", "bearer"].contains(parts[0].lowercased()) else { presented = true; continue }
            if matches(parts[1].trimmingSpaces) { return .valid(fromQuery: false) }
            presented = true
        }
        let name = cookieName
        for header in cookies {
            for pair in header.split(separator: ";") {
                let pair = pair.trimmingSpaces
                guard pair.hasPrefix(name + "=") else { continue }
                if matches(pair.dropFirst(name.count + 1)) { return .valid(fromQuery: false) }
                presented = true
            }
        }
        return presented ? .wrong : .none
    }

    /// Compares with the token in time that does not depend on where they differ.
    private func matches(_ candidate: some StringProtocol) -> Bool {
        let given = Array(candidate.utf8), expected = Array(token.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= given[index] ^ expected[index] }
        return difference == 0
    }

    // MARK: Addresses

    /// `::1` → `[::1]`; other names as they are.
    static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// Whether `host` is an IPv4 address in dotted form or a bracketed IPv6 address.
    static func isIPLiteral(_ host: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        if host.hasPrefix("["), host.hasSuffix("]") {
            return inet_pton(AF_INET6, String(host.dropFirst().dropLast()), &buffer) == 1
        }
        return inet_pton(AF_INET, host, &buffer) == 1
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
