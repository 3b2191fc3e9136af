//! Playing across a local network: the address other machines reach this one at, for the
//! join links `regalia serve --host` prints.

use std::net::{IpAddr, Ipv4Addr, SocketAddr, UdpSocket};

/// The address to put in links for a server listening on `bound`: itself when it is a real
/// address; for "every interface" (`0.0.0.0`, `::`), the one this machine routes outwards
/// from (a UDP socket's connect picks it without sending a packet), else loopback.
pub fn join_address(bound: SocketAddr) -> SocketAddr {
    if !bound.ip().is_unspecified() {
        return bound;
    }
    let outward = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| {
            // A documentation address (TEST-NET-1): nothing is sent, only a route is chosen.
            socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
            socket.local_addr()
        })
        .map(|a| a.ip())
        .ok()
        .filter(|ip| !ip.is_unspecified());
    SocketAddr::new(
        outward.unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST)),
        bound.port(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_address_is_kept_and_every_interface_becomes_a_reachable_one() {
        let bound: SocketAddr = "192.168.7.7:8080".parse().unwrap();
        assert_eq!(join_address(bound), bound);
        let any: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        let joined = join_address(any);
        assert!(!joined.ip().is_unspecified());
        assert_eq!(joined.port(), 8080);
    }
}
