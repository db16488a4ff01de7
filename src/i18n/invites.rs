//! The words of invites that travel: the short room code, `junqi://` links, and where a host
//! listens.

use super::Text;

texts! {
    PART_CODE = "房间码", "the room code";
    INV_NO_ADDRESS = "它既不是邀请（junqi://…），也不是主机地址加房间码（地址:端口 房间码）", "it is neither an invite (junqi://…) nor an address and a room code (ADDR:PORT XXXX-XXXX-XXXX-XXXX)";
    INV_NO_CODE = "“{addr}”之后需要房间码（地址:端口 房间码）", "'{addr}' needs the room code after it (ADDR:PORT XXXX-XXXX-XXXX-XXXX)";
    INVITE_OR_CODE = "邀请或房间码", "Invite or room code";
    JOIN_HINT = "粘贴主持人发来的邀请（junqi://…）或链接，或输入主机的地址和房间码，例如 192.0.2.7:7465 K7M2-QX8D-3FZ9-WQ4R", "Paste the invite (junqi://…) or link the host sent you, or type the host's address and room code, e.g. 192.0.2.7:7465 K7M2-QX8D-3FZ9-WQ4R";
    ERR_BAD_LINK = "这个链接打不开：{e}", "This link cannot be opened: {e}";
    SHORT_IS = "或者念给对方：地址和房间码", "Or read out the address and room code:";
    COPY_CODE = "复制房间码", "Copy the code";
    COPY_LINK = "复制链接", "Copy link";
    SHORT_TIP = "房间码里没有主机密钥：对方第一次用它加入时会记下本机的密钥，以后密钥变了会被拒绝。完整的邀请或链接更安全", "The room code does not carry the host key: the first time someone joins with it their program keeps this host's key, and refuses a changed key later. The full invite or link is safer";
    LISTEN = "监听地址", "Listen on";
    LISTEN_ALL = "所有网络（其他电脑可以加入）", "All networks (other computers can join)";
    LISTEN_LOCAL = "仅本机（127.0.0.1）", "This computer only (127.0.0.1)";
    LISTEN_TYPED = "指定地址", "This address";
    LISTEN_FIELD = "要监听的地址", "Address to listen on";
    ERR_LISTEN_ADDR = "“{addr}”不是本机可监听的 IP 地址（如 192.168.1.5 或 ::1）", "'{addr}' is not an IP address to listen on (such as 192.168.1.5 or ::1)";
    ERR_LISTEN = "无法在 {addr} 上开启服务器：{e}", "Cannot open a server on {addr}: {e}";
    ERR_LISTEN_IN_USE = "无法在 {addr} 上开启服务器：端口已被占用（另一个程序或另一个房间正在使用它）。请换一个端口，或填 0 任选空闲端口", "Cannot open a server on {addr}: the port is in use (another program or room holds it). Choose another port, or 0 for any free one";
    ERR_LISTEN_NOT_HERE = "无法在 {addr} 上开启服务器：这个地址不属于本机", "Cannot open a server on {addr}: that address is not one of this computer's";
}
