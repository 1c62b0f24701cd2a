import http from 'node:http';
import type net from 'node:net';
import type { ServerProcess } from './server-process';

/**
 * A load balancer in front of server processes, as a test drives it: requests go to the instances in rotation in
 * turn, each instance over keep-alive connections of its own. Taking one out of rotation sends it nothing new and
 * closes its connections as their requests finish, as a balancer drains a target before the target is stopped.
 */
export class LoadBalancer {
  private rotation: ServerProcess[] = [];
  private readonly agents = new Map<ServerProcess, http.Agent>();
  private turn = 0;

  add(server: ServerProcess) {
    this.agents.set(server, new http.Agent({ keepAlive: true }));
    this.rotation.push(server);
  }

  remove(server: ServerProcess) {
    this.rotation = this.rotation.filter((s) => s !== server);
    const agent = this.agents.get(server)!;
    agent.on('free', (socket: net.Socket) => socket.destroy());
    for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
  }

  /** The next instance in rotation, and the connections to it. */
  pick(): { server: ServerProcess; agent: http.Agent } {
    const server = this.rotation[this.turn++ % this.rotation.length]!;
    return { server, agent: this.agents.get(server)! };
  }

  close() {
    for (const agent of this.agents.values()) agent.destroy();
  }
}
