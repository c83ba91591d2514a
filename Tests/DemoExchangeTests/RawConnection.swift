import Glibc
import NIOCore

/// A plain TCP connection to loopback that says only what a test writes and reads only when a
/// test asks: an HTTP pool's spare connection, a bare `nc`, or a WebSocket client that
/// subscribes and then never reads.
final class RawConnection: Sendable {
    private let descriptor: Int32

    /// Connects to `port`; a `receiveBuffer` (bytes) makes the kernel's receive buffer small
    /// before connecting, so a peer writing to a connection nobody reads is held back soon.
    init(port: Int, receiveBuffer: Int32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if var size = receiveBuffer {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw IOError(errnoCode: errno, reason: "connect") }
    }

    /// Writes all of `bytes`.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw IOError(errnoCode: errno, reason: "send") }
            sent += count
        }
    }

    /// Opens a WebSocket on `path`, reads the server's answer to the upgrade (nothing after
    /// it), then sends `text` as one masked text frame.
    /// - Returns: the server's answer, up to its blank line.
    @discardableResult
    func openWebSocket(_ path: String, port: Int, sending text: String) throws -> String {
        let upgrade =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try send(Array(upgrade.utf8))
        let answer = try readHead()
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]  // FIN, text
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            precondition(payload.count <= 0xFFFF, "a frame of at most 64 KiB")
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        }
        frame += [0, 0, 0, 0]  // a masking key of zeros leaves the payload as it is
        try send(frame + payload)
        return answer
    }

    /// Reads byte by byte up to an HTTP head's blank line, waiting a minute at most.
    private func readHead() throws -> String {
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual("\r\n\r\n".utf8) {
            var byte: UInt8 = 0
            guard recv(descriptor, &byte, 1, 0) == 1 else { throw IOError(errnoCode: errno, reason: "recv") }
            head.append(byte)
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// Whether the peer has closed the connection (a read returns end of stream, or the
    /// connection was reset), without waiting.
    func readsEndOfStream() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    func close() {
        Glibc.close(descriptor)
    }
}
